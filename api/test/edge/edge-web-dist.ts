import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'graphql';

// A built web app for the edge tests (the layout of web/dist) whose server entry runs, for each
// page, the queries the real pages run for it (the layout's site settings and footer pages, and
// the page's own: an article with its neighbours, the news list and its count), so the cache tags
// a page gets are those of its real reads. The markup only names the page.

const SITE = 'query PublicSite { siteSettings { id firmName } footerPages: pages(linkedFrom: footer) { id title slug } }';
const ARTICLE = 'query ArticlePage($slug: String!) { newsItemBySlug(slug: $slug) { id title previous { slug title } next { slug title } } }';
const NEWS = 'query NewsPage($limit: Int!, $offset: Int!) { news(limit: $limit, offset: $offset) { id title } newsCount }';

const DOCS_GLOBAL = '__edgeFakeDocuments';

/** Makes every render take `ms` longer (0: no delay). */
export function delayEdgeRenders(ms: number): void {
  ((globalThis as Record<string, unknown>)[DOCS_GLOBAL] as { delayMs?: number }).delayMs = ms;
}

export function edgeWebDist(): { dir: string; remove(): void } {
  // The entry runs from a temporary directory, where no package resolves: the documents are parsed here.
  (globalThis as Record<string, unknown>)[DOCS_GLOBAL] = { SITE: parse(SITE), ARTICLE: parse(ARTICLE), NEWS: parse(NEWS) };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-edge-web-'));
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'client', 'index.html'),
    '<!doctype html><html><head><!--app-head--><script type="module" src="/assets/app.js"></script></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'client', 'assets', 'app.js'), 'console.log("app");\n');
  fs.writeFileSync(
    path.join(dir, 'server', 'entry-server.js'),
    `export async function render({ url, execute }) {
      const { SITE, ARTICLE, NEWS } = globalThis.${DOCS_GLOBAL};
      // A test may make renders slow, to see what is answered meanwhile.
      if (globalThis.${DOCS_GLOBAL}.delayMs) await new Promise((resolve) => setTimeout(resolve, globalThis.${DOCS_GLOBAL}.delayMs));
      const run = async (document, variables = {}) => {
        const { data, errors } = await execute({ document, variables });
        if (errors?.length || !data) throw new Error(JSON.stringify(errors));
        return data;
      };
      try {
        await run(SITE);
        const article = /^[/]news[/]([a-z0-9-]+)$/.exec(url);
        if (article) {
          const { newsItemBySlug } = await run(ARTICLE, { slug: article[1] });
          if (newsItemBySlug) return { status: 200, head: '<title>article</title>', html: '<main>' + newsItemBySlug.title + '</main>', state: {}, dataUnavailable: false };
        }
        if (url === '/news') {
          await run(NEWS, { limit: 10, offset: 0 });
          return { status: 200, head: '<title>News</title>', html: '<main>News</main>', state: {}, dataUnavailable: false };
        }
        return { status: 404, head: '<title>Not found</title>', html: '<main>Not found</main>', dataUnavailable: false };
      } catch (error) {
        // What failed, for a test that wonders why the page is unavailable.
        globalThis.${DOCS_GLOBAL}.lastError = String(error);
        return { status: 200, head: '', html: '', dataUnavailable: true };
      }
    }\n`,
  );
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
