import type { Config } from '../config.js';

/**
 * The site's public origin for absolute URLs in pages (canonical, OpenGraph, JSON-LD), sitemap.xml
 * and robots.txt: PUBLIC_URL (required in production, config.ts), or without it the server's own
 * local address. Never the request's Host header, which any client can forge (and which would let
 * one poisoned request rewrite what search engines and link previews are told).
 */
export function siteOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
