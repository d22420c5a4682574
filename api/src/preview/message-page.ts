// The small self-contained pages the preview area answers with when it shows no preview: a share
// link that expired, was revoked or is not one; an item that is gone; a refusal. No scripts, no
// data, noindex (the response says it too).

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page's one way on: a link (the site's home unless given). */
export interface MessageAction {
  href: string;
  label: string;
}

export function messagePage(title: string, message: string, action: MessageAction = { href: '/', label: 'Go to the site' }): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>${escape(title)}</title>
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
      <h1>${escape(title)}</h1>
      <p>${escape(message)}</p>
      <p><a href="${escape(action.href)}">${escape(action.label)}</a></p>
    </main>
  </body>
</html>
`;
}

/** What a share link that opens nothing says. */
export const LINK_REFUSED = {
  expired: { title: 'This preview link has expired', message: 'Preview links work for a limited time. Ask whoever sent it for a new one.' },
  revoked: { title: 'This preview link was revoked', message: 'Whoever shared it has withdrawn it. Ask them for a new one if you still need it.' },
  invalid: { title: 'This preview link is not valid', message: 'Check that the whole link was copied, or ask whoever sent it for a new one.' },
} as const;
