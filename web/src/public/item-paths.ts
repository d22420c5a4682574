// The addresses of the items' own pages (App.tsx routes them; the server's sitemap, feed and
// redirects name the same: /news/<slug>, /clients/<slug>).

/** The site path of a news article's own page. */
export const articlePath = (slug: string) => `/news/${encodeURIComponent(slug)}`;

/** The site path of a project's own page. */
export const projectPath = (slug: string) => `/clients/${encodeURIComponent(slug)}`;
