import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ApolloLink } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { Observable } from 'rxjs';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { createApolloClient } from './graphql/apollo';
import { PageMetaCollector, type PageMetaValues } from './public/page-meta';
import { headTags } from './public/seo/head-tags';
import type { GraphQLExecutor, RenderRequest, RenderResult } from './render-contract';

export type { RenderRequest, RenderResult } from './render-contract';

/** Apollo link over the server's in-process executor: no HTTP, no socket, no serialisation. */
function executorLink(execute: GraphQLExecutor, onFailure: () => void): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        execute({ document: operation.query, variables: operation.variables, operationName: operation.operationName })
          .then((result) => {
            if (result.errors?.length) onFailure();
            observer.next(result as ApolloLink.Result);
            observer.complete();
          })
          .catch((error: unknown) => {
            onFailure();
            observer.error(error);
          });
      }),
  );
}

/**
 * Renders a public route with its data: queries run in the server's process, the tree is re-rendered
 * until every query has answered, and the resulting markup, head tags, status and cache state go back
 * to the server. If any query fails the result says so (`dataUnavailable`): the server then serves
 * its last good page or a 503 page, never a page built on missing data.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  let queryFailed = false;
  const link = executorLink(request.execute, () => (queryFailed = true));
  const client = createApolloClient({ link, ssrMode: true });
  const meta: { current?: PageMetaValues } = {};
  // Compat mode keeps styles out of the markup so they can be sent once, in the head.
  const styleCache = createCache({ key: 'css' });
  styleCache.compat = true;

  const tree = (
    <CacheProvider value={styleCache}>
      <PageMetaCollector.Provider value={meta}>
        <AppProviders client={client}>
          <StaticRouter location={request.url}>
            <App />
          </StaticRouter>
        </AppProviders>
      </PageMetaCollector.Provider>
    </CacheProvider>
  );
  const { result } = await prerenderStatic({ tree, renderFunction: renderToString });
  client.stop();

  const pageMeta = meta.current ?? { title: 'Meridian Advisory', description: '' };
  const path = request.url.split('?')[0];
  const head = headTags(pageMeta, request.origin, path);
  const status = pageMeta.status ?? 200;
  if (queryFailed) return { html: '', head, status, dataUnavailable: true };

  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(styleCache.inserted)) {
    if (typeof rules === 'string') {
      ids.push(id);
      css += rules;
    }
  }
  const styles = css ? `<style data-emotion="css ${ids.join(' ')}">${css}</style>` : '';
  return { html: result, head: `${head}\n    ${styles}`, status, state: client.extract(), dataUnavailable: false };
}
