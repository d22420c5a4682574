// The page a visitor gets when a public page cannot be rendered (the database is away) and no
// earlier rendering of it is cached: a real 503 with a short, self-contained page (no scripts, no
// data), never an empty 200 shell.

export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>Service unavailable</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0a1a30; color: #f5f7fa;
        font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
      main { max-width: 32rem; padding: 2rem; text-align: center; }
      h1 { font-size: 1.75rem; margin: 0 0 1rem; }
      p { line-height: 1.6; margin: 0 0 1.5rem; color: #d4dae3; }
      a { color: #f5f7fa; }
    </style>
  </head>
  <body>
    <main>
      <h1>Service unavailable</h1>
      <p>The site is briefly unavailable. Please try again in a moment.</p>
      <p><a href="">Try again</a></p>
    </main>
  </body>
</html>
`;
