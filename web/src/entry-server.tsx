import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { PublicDataStore } from './public/page-data/public-data';
import { PageMetaCollector, type PageMetaValues } from './public/page-meta';
import { headTags } from './public/seo/head-tags';
import type { GraphQLExecutor, RenderRequest, RenderResult } from './render-contract';

export type { RenderRequest, RenderResult } from './render-contract';

/** Rounds of "render, then answer the queries it asked for" before a page is given up on. */
const MAX_DATA_ROUNDS = 3;

/** The page queries, run in the server's own process: no HTTP, no socket, no serialisation. */
function inProcessRunner(execute: GraphQLExecutor) {
  return async (document: Parameters<GraphQLExecutor>[0]['document'], operationName: string) => {
    const result = await execute({ document, variables: {}, operationName });
    if (result.errors?.length || result.data == null) throw new Error(`${operationName} failed`);
    return result.data;
  };
}

/**
 * Renders a public route with its data: the page is rendered, the queries it asked for run in the
 * server's process, and it is rendered again with their answers (again while a new query shows
 * up). The markup, head tags, status and the answered data go back to the server. If any query
 * fails the result says so (`dataUnavailable`): the server then serves its last good page or a
 * 503 page, never a page built on missing data.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const store = new PublicDataStore(inProcessRunner(request.execute));
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
            <StaticRouter location={request.url}>
              <App />
            </StaticRouter>
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

  const pageMeta = meta.current ?? { title: 'Meridian Advisory', description: '' };
  const path = request.url.split('?')[0];
  const head = headTags(pageMeta, request.origin, path);
  const status = pageMeta.status ?? 200;
  if (store.failed || store.busy) return { html: '', head, status, dataUnavailable: true };

  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(styleCache!.inserted)) {
    if (typeof rules === 'string') {
      ids.push(id);
      css += rules;
    }
  }
  const styles = css ? `<style data-emotion="css ${ids.join(' ')}">${css}</style>` : '';
  return { html, head: `${head}\n    ${styles}`, status, state: store.answered(), dataUnavailable: false };
}
