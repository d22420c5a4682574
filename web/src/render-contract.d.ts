// The render contract between the server (api/src/site/mount.ts) and the server entry of the web
// app (web/src/entry-server.tsx, built to web/dist/server/entry-server.js). Typed once, here: a
// declaration file, so the api can import it without compiling web sources.
import type { DocumentNode, ExecutionResult } from 'graphql';

/** Runs one GraphQL operation against the schema in the server's own process (no HTTP). */
export type GraphQLExecutor = (operation: {
  document: DocumentNode;
  variables?: Record<string, unknown>;
  operationName?: string;
}) => Promise<ExecutionResult>;

export interface RenderRequest {
  /** Path of the requested page (public pages read no query string). */
  url: string;
  /** Public origin of the site for absolute URLs (OpenGraph), e.g. https://example.com; never the Host header. */
  origin: string;
  /** Where the page's queries run. */
  execute: GraphQLExecutor;
  /** A preview of unpublished content (api/src/preview): the page shows a banner saying so. Absent on public pages. */
  preview?: PreviewBanner;
}

/** What a preview's banner says. */
export interface PreviewBanner {
  /** What is previewed: the item's name. */
  label: string;
  /** When the share link stops working (ISO 8601); absent for a signed-in preview. */
  expiresAt?: string;
  /** The item is on the site now (the preview shows unpublished changes), else it was never published or was taken off. */
  live: boolean;
}

export interface RenderResult {
  /** Markup for the root element. */
  html: string;
  /** Tags for the document head: title, description, OpenGraph, critical styles. */
  head: string;
  status: number;
  /** The page's language (BCP 47, the firm's locale): the template's `<html lang>`. */
  lang?: string;
  /** The page's answered queries (data by operation name), embedded for hydration. */
  state?: Record<string, unknown>;
  /** A query failed (the database is away): the markup is not a page to show or keep. */
  dataUnavailable: boolean;
}

export interface ServerEntry {
  render(request: RenderRequest): Promise<RenderResult>;
  /** The build's: every style rule the given pages use, once each, in order of first use (web/build-tools/shared-styles.ts). */
  collectStyles(urls: string[], execute: GraphQLExecutor): Promise<{ id: string; rules: string }[]>;
}
