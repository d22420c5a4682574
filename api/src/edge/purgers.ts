import { createHmac } from 'node:crypto';
import type { EdgePurgerConfig } from '../config.js';

// How a set of cache tags is purged at each kind of edge (EDGE_PURGER): the HTTP requests to send.
// Every request must succeed (2xx) for the purge to count as delivered; the worker retries all of
// them otherwise (purging a tag twice is harmless).
// - varnish: `PURGE` to each EDGE_PURGE_URL (one per Varnish node) with `xkey: <tags>` (space-
//   separated), which the VCL hands to xkey.softpurge() (deploy/varnish/site.vcl: expired, kept for grace);
// - fastly: `POST <FASTLY_API_URL>/service/<FASTLY_SERVICE_ID>/purge` with `Surrogate-Key: <tags>`
//   and `Fastly-Key: <FASTLY_API_TOKEN>` (purge by surrogate key, at most 256 keys a request);
// - cloudflare: `POST <CF_API_URL>/zones/<CF_ZONE_ID>/purge_cache` with `{"tags": [...]}` and
//   `Authorization: Bearer <CF_API_TOKEN>` (purge by cache tag, 30 tags a request);
// - http: `POST <EDGE_PURGE_URL>` with `{"tags": [...]}`, signed: `X-Signature: sha256=<hex>`,
//   HMAC-SHA256 with EDGE_PURGE_SECRET of `<X-Signature-Timestamp>.<body>` (as webhooks are signed).

export interface PurgeRequest {
  method: 'PURGE' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export const SIGNATURE_HEADER = 'x-signature';
export const SIGNATURE_TIMESTAMP_HEADER = 'x-signature-timestamp';

/** `sha256=<hex>` of HMAC-SHA256(secret, `<timestamp>.<body>`). */
export function purgeSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Tags per request: each edge's limit (Fastly 256 keys, Cloudflare 30 tags), and a header Varnish takes whole. */
const TAGS_PER_REQUEST: Record<Exclude<EdgePurgerConfig['kind'], 'none'>, number> = { varnish: 200, fastly: 256, cloudflare: 30, http: 1000 };

/** `tags` in groups of at most `size`. */
function chunks(tags: readonly string[], size: number): string[][] {
  const groups: string[][] = [];
  for (let i = 0; i < tags.length; i += size) groups.push(tags.slice(i, i + size));
  return groups;
}

/** The requests that purge `tags` at the configured edge (none for `none`). `now`: seconds, for the signature. */
export function purgeRequests(purger: EdgePurgerConfig, tags: readonly string[], now = Math.floor(Date.now() / 1000)): PurgeRequest[] {
  if (purger.kind === 'none' || tags.length === 0) return [];
  const groups = chunks(tags, TAGS_PER_REQUEST[purger.kind]);
  switch (purger.kind) {
    case 'varnish':
      return groups.flatMap((group) => purger.urls.map((url): PurgeRequest => ({ method: 'PURGE', url, headers: { xkey: group.join(' ') } })));
    case 'fastly':
      return groups.map((group) => ({
        method: 'POST',
        url: `${purger.apiUrl}/service/${encodeURIComponent(purger.serviceId)}/purge`,
        headers: { 'Fastly-Key': purger.apiToken, 'Surrogate-Key': group.join(' '), Accept: 'application/json' },
      }));
    case 'cloudflare':
      return groups.map((group) => ({
        method: 'POST',
        url: `${purger.apiUrl}/zones/${encodeURIComponent(purger.zoneId)}/purge_cache`,
        headers: { Authorization: `Bearer ${purger.apiToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ tags: group }),
      }));
    case 'http':
      return groups.map((group) => {
        const body = JSON.stringify({ tags: group });
        return {
          method: 'POST',
          url: purger.url,
          headers: { 'Content-Type': 'application/json', [SIGNATURE_TIMESTAMP_HEADER]: String(now), [SIGNATURE_HEADER]: purgeSignature(purger.secret, now, body) },
          body,
        };
      });
  }
}

/** Sends one request; null when the edge took it (2xx; Cloudflare also `success: true`), else why not. */
export async function sendPurge(request: PurgeRequest, signal: AbortSignal): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal, redirect: 'manual' });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `${request.method} ${request.url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`;
  }
  const text = await response.text().catch(() => '');
  if (response.status < 200 || response.status > 299) return `${request.method} ${request.url}: HTTP ${response.status} ${text.slice(0, 200)}`.trim();
  if (text.startsWith('{')) {
    try {
      if ((JSON.parse(text) as { success?: unknown }).success === false) return `${request.method} ${request.url}: refused ${text.slice(0, 200)}`;
    } catch {
      // Not JSON after all: the status said yes.
    }
  }
  return null;
}
