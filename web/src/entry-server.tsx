import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { prerenderStatic } from '@apollo/client/react/ssr';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { AppProviders } from './AppProviders';
import { createApolloClient } from './graphql/apollo';
import { PageMetaCollector, type PageMetaValues } from './public/page-meta';
import { headTags } from './public/seo/head-tags';

/** A slow API must not hold the page: past this the browser renders it and fetches itself. */
const SERVER_QUERY_TIMEOUT_MS = 10_000;

export interface RenderRequest {
  /** Path and query of the requested page. */
  url: string;
  /** Absolute GraphQL endpoint the server-side queries go to. */
  graphqlUrl: string;
  /** Public origin of the site (for OpenGraph URLs), e.g. https://example.com */
  origin: string;
}

export interface RenderResult {
  /** Markup for the root element; empty when the page could not be rendered with data. */
  html: string;
  /** Tags for the document head: title, description, OpenGraph, critical styles. */
  head: string;
  status: number;
  /** Apollo cache state to embed for hydration. */
  state?: unknown;
}

/**
 * Renders a public route with its data: queries run against the API, the tree is re-rendered until
 * every query has answered, and the resulting markup, head tags, status and cache state go back to
 * the server. If any query fails the page is left to the browser (empty html), so the visitor sees
 * the same loading and error states as without server rendering and hydration never mismatches.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  let queryFailed = false;
  const trackingFetch: typeof fetch = async (input, init) => {
    try {
      const response = await fetch(input, { ...init, signal: AbortSignal.timeout(SERVER_QUERY_TIMEOUT_MS) });
      const body = (await response.clone().json().catch(() => null)) as { errors?: unknown[] } | null;
      if (!response.ok || !body || (Array.isArray(body.errors) && body.errors.length > 0)) queryFailed = true;
      return response;
    } catch (error) {
      queryFailed = true;
      throw error;
    }
  };
  const client = createApolloClient({ uri: request.graphqlUrl, ssrMode: true, fetch: trackingFetch });
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
  if (queryFailed) return { html: '', head, status };

  const ids: string[] = [];
  let css = '';
  for (const [id, rules] of Object.entries(styleCache.inserted)) {
    if (typeof rules === 'string') {
      ids.push(id);
      css += rules;
    }
  }
  const styles = css ? `<style data-emotion="css ${ids.join(' ')}">${css}</style>` : '';
  return { html: result, head: `${head}\n    ${styles}`, status, state: client.extract() };
}
