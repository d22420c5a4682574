import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, type DocumentNode } from 'graphql';
import { PUBLIC_LIST_PAGE_SIZE } from '@consulting/model';

// A built web app for the preview tests (the layout of web/dist, as test/helpers/fixtures/web-dist.ts
// makes it), whose server entry renders each public page from the page's GraphQL data as the real
// entry does (in-process executor, the page's own queries), and the banner the render input asks
// for. The page's markup is its data as JSON, so a test reads exactly what the reads answered.
// The real entry's banner is checked in web (PreviewBanner) and in Chromium screenshots.

const DOCS_GLOBAL = '__previewFakeDocuments';

const DOCUMENTS: Record<string, DocumentNode> = {
  news: parse('query NewsPage($limit: Int!, $offset: Int!) { news(limit: $limit, offset: $offset) { id title featured } newsCount }'),
  team: parse('query TeamPage { teamMembers { id name } }'),
  landing: parse('query LandingPage { landingContent { id heroTagline } statistics { id expertCount } newsPreview { id title } }'),
};

export function previewWebDist(): { dir: string; remove(): void } {
  (globalThis as Record<string, unknown>)[DOCS_GLOBAL] = { ...DOCUMENTS, pageSize: PUBLIC_LIST_PAGE_SIZE };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-preview-web-'));
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'client', 'index.html'),
    '<!doctype html><html><head><!--app-head--><script type="module" crossorigin src="/assets/app.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/chunk.js"></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'client', 'assets', 'app.js'), 'console.log("app");\n');
  fs.writeFileSync(
    path.join(dir, 'server', 'entry-server.js'),
    `const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    export async function render({ url, execute, preview }) {
      const docs = globalThis.${DOCS_GLOBAL};
      const later = /^[/]news(?:[/]page[/]([0-9]+))?$/.exec(url);
      let document = null, variables = {};
      if (later) { document = docs.news; variables = { limit: docs.pageSize, offset: (Number(later[1] ?? 1) - 1) * docs.pageSize }; }
      else if (url === '/team') document = docs.team;
      else if (url === '/') document = docs.landing;
      if (!document) return { status: 404, head: '<title>Not found</title>', html: '<main>Not found</main>', dataUnavailable: false };
      const { data, errors } = await execute({ document, variables });
      if (errors?.length || !data) return { status: 200, head: '', html: '', dataUnavailable: true };
      const banner = preview
        ? '<aside aria-label="Preview"><h2>' + (preview.live ? 'Preview of unpublished changes' : 'Preview — not published yet') + '</h2>' +
          '<p>' + escape(preview.label) + '</p>' + (preview.expiresAt ? '<p>Link expires <time>' + escape(preview.expiresAt) + '</time></p>' : '') + '</aside>'
        : '';
      return { status: 200, head: '<title>' + escape(url) + '</title>', html: '<main data-url="' + escape(url) + '">' + escape(JSON.stringify(data)) + '</main>' + banner,
               state: { page: url }, dataUnavailable: false };
    }\n`,
  );
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The data a page of the fake entry shows (its <main> holds it as JSON), and the URL it rendered. */
export function pageData(html: string): { url: string; data: Record<string, unknown> } {
  const match = /<main data-url="([^"]*)">([^<]*)<\/main>/.exec(html);
  if (!match) throw new Error(`not a page of the preview fake entry: ${html.slice(0, 300)}`);
  const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
  return { url: unescape(match[1]), data: JSON.parse(unescape(match[2])) as Record<string, unknown> };
}
