import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { PublicSiteDocument, type PublicSiteQuery } from './graphql/generated/graphql';
import { operationNameOf, PublicDataStore } from './public/page-data/public-data';
import { PageMetaCollector, type PageMetaValues } from './public/page-meta';
import { headTags } from './public/seo/head-tags';
import { criticalCss } from './public/seo/critical-css';
import { PreviewContext } from './public/preview/PreviewBanner';
import { SiteOriginContext } from './public/site-origin';
import { siteFrom } from './public/site/site';
import { NOT_FOUND_STATE_KEY } from './public/not-found/server-not-found';
import { preloadEnquiryForm } from './public/contact/ContactSection';
import type { GraphQLExecutor, PreviewBanner, RenderRequest, RenderResult } from './render-contract';

export type { RenderRequest, RenderResult } from './render-contract';

/** Rounds of "render, then answer the queries it asked for" before a page is given up on. */
const MAX_DATA_ROUNDS = 3;

/** The page queries, run in the server's own process: no HTTP, no socket, no serialisation. */
function inProcessRunner(execute: GraphQLExecutor) {
  return async (document: Parameters<GraphQLExecutor>[0]['document'], operationName: string, variables?: Record<string, unknown>) => {
    const result = await execute({ document, variables: variables ?? {}, operationName });
    if (result.errors?.length || result.data == null) throw new Error(`${operationName} failed`);
    return result.data;
  };
}

/** A public route rendered with its data, as the server's queries answered it. */
interface RenderedPage {
  html: string;
  /** Emotion's rules of the final markup by id, in the order they were first used. */
  styles: EmotionCache['inserted'];
  meta?: PageMetaValues;
  store: PublicDataStore;
}

/**
 * The page is rendered, the queries it asked for run in the server's process, and it is rendered
 * again with their answers (again while a new query shows up).
 */
async function renderWithData(url: string, execute: GraphQLExecutor, preview: PreviewBanner | null = null, origin: string | null = null): Promise<RenderedPage> {
  // Code the browser loads apart (React.lazy there) is here before a page renders, so every page
  // carries it whole (loaded once; at once after that).
  await preloadEnquiryForm();
  const store = new PublicDataStore(inProcessRunner(execute));
  const meta: { current?: PageMetaValues } = {};
  let styleCache: EmotionCache;
  const renderPage = () => {
    // Compat mode keeps styles out of the markup so they can be sent once, in the head. A fresh
    // cache per round: the head carries only the styles of the final markup.
    styleCache = createCache({ key: 'css' });
    styleCache.compat = true;
    return renderToString(
      <CacheProvider value={styleCache}>
        <PageMetaCollector.Provider value={meta}>
          <AppProviders store={store}>
            <PreviewContext.Provider value={preview}>
              <SiteOriginContext.Provider value={origin}>
                <StaticRouter location={url}>
                  <App />
                </StaticRouter>
              </SiteOriginContext.Provider>
            </PreviewContext.Provider>
          </AppProviders>
        </PageMetaCollector.Provider>
      </CacheProvider>,
    );
  };

  let html = renderPage();
  for (let round = 0; store.busy && round < MAX_DATA_ROUNDS; round += 1) {
    await store.settled();
    if (store.failed) break;
    html = renderPage();
  }
  return { html, styles: styleCache!.inserted, meta: meta.current, store };
}

/**
 * The site's style sheet's own rules (the fonts' @font-face, with their built addresses), written
 * beside this module by web/build-tools/shared-styles.ts. Empty in a development build, where the
 * page links the sheet as Vite serves it.
 */
const fontFaces = ((): string => {
  try {
    return (JSON.parse(readFileSync(new URL('./shared-styles.json', import.meta.url), 'utf8')) as { base?: string }).base ?? '';
  } catch {
    return '';
  }
})();

/**
 * Renders a public route with its data. The markup, head tags, status and the answered data go
 * back to the server. If any query fails the result says so (`dataUnavailable`): the server then
 * serves its last good page or a 503 page, never a page built on missing data.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const { html, styles, meta, store } = await renderWithData(request.url, request.execute, request.preview ?? null, request.origin);
  // The firm's settings, as the layout asked for them with the page (PublicSite).
  const site = siteFrom(store.answered()[operationNameOf(PublicSiteDocument)] as PublicSiteQuery | undefined);
  const pageMeta = meta ?? { title: site.firmName, description: site.description };
  const path = request.url.split('?')[0];
  const head = headTags(pageMeta, request.origin, path, site);
  const status = pageMeta.status ?? 200;
  const lang = site.locale;
  if (store.failed || store.busy) return { html: '', head, status, lang, dataUnavailable: true };

  // Every rule the page uses is sent inline, in its head: the page paints with its first response,
  // waiting for no style sheet (api/src/site/mount.ts leaves the sheet's link out of public pages);
  // of the theme's global styles, only what those rules use (critical-css.ts). Every id is named, so the browser's style cache knows them all and inserts
  // none again when the app hydrates; the fonts come first, as they did from the sheet.
  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(styles)) {
    if (typeof rules !== 'string') continue;
    ids.push(id);
    css += rules;
  }
  const faces = fontFaces ? `<style data-fonts>${fontFaces}</style>\n    ` : '';
  const inline = ids.length ? `${faces}<style data-emotion="css ${ids.join(' ')}">${criticalCss(css, html)}</style>` : faces;
  // The not-found page says so in its data: the browser shows it at whatever path it was served for.
  const state = status === 404 ? { ...store.answered(), [NOT_FOUND_STATE_KEY]: true } : store.answered();
  return { html, head: `${head}\n    ${inline}`, status, lang, state, dataUnavailable: false };
}

/**
 * Every Emotion rule the given pages use, global styles first, each once in the order of first
 * use: the build renders sample pages with this to put the rules of the public components in the
 * site's style sheet (web/build-tools/shared-styles.ts). Throws if a page cannot be rendered.
 */
export async function collectStyles(urls: string[], execute: GraphQLExecutor): Promise<{ id: string; rules: string }[]> {
  const collected = new Map<string, string>();
  for (const url of urls) {
    const { styles, store } = await renderWithData(url, execute);
    if (store.failed || store.busy) throw new Error(`collectStyles: the data of ${url} did not load`);
    for (const [id, rules] of Object.entries(styles)) {
      if (typeof rules === 'string' && !collected.has(id)) collected.set(id, rules);
    }
  }
  return [...collected].map(([id, rules]) => ({ id, rules }));
}
