import type { PreviewBanner } from '../../../web/src/render-contract.js';
import type { GraphQLContext } from '../graphql/context.js';

// The server rendering of a page outside the public read path: a preview (preview/preview.routes.ts)
// renders a public page with its own GraphQL context (the draft overlaid, no count memo) and keeps
// nothing. site/mount.ts makes the renderer when it serves pages and registers it here, per app
// (keyed by the app's public reads); without a built web app there is none.

/** A rendered page as a whole document, ready to send; never stored in the public cache. */
export interface RenderedDocument {
  /** The page's status (200, or 404 for the not-found page); 503 when its data could not be read or the rendering failed. */
  status: number;
  body: string;
}

export interface PageRenderer {
  /**
   * Renders the public page at `url` with its queries run in `context`, the banner `preview` on it
   * and `noindex` in its head. The document carries no scripts: a preview is a picture of the page,
   * nothing in the browser fetches the published data over it.
   */
  render(url: string, context: GraphQLContext, preview: PreviewBanner): Promise<RenderedDocument>;
}

const renderers = new WeakMap<object, PageRenderer>();

/** Called by mountWeb: `app` is the app's public reads (one per app). */
export function registerPageRenderer(app: object, renderer: PageRenderer): void {
  renderers.set(app, renderer);
}

/** The app's page renderer, or undefined when it serves no pages (the web app is not built). */
export function pageRendererOf(app: object): PageRenderer | undefined {
  return renderers.get(app);
}
