import { boolean, httpUrl, integer, nonEmpty, positive, type Env } from './config-values.js';

// The edge's settings (EDGE_*, FASTLY_*, CF_*) for config.ts, which reads the environment and
// hands it here: a CDN or Varnish in front, its cache tags and Cache-Control, and where purges go (edge/).

/** Where purges go (EDGE_PURGER): nowhere, Varnish (xkey), Fastly, Cloudflare, or a signed HTTP call. */
export type EdgePurgerConfig =
  | { kind: 'none' }
  | { kind: 'varnish'; urls: string[] }
  | { kind: 'fastly'; apiUrl: string; serviceId: string; apiToken: string }
  | { kind: 'cloudflare'; apiUrl: string; zoneId: string; apiToken: string }
  | { kind: 'http'; url: string; secret: string };

export interface EdgeConfig {
  /** Public pages and reads may be kept by shared caches (s-maxage...); off: `no-cache` pages as before. */
  cache: boolean;
  /** Seconds a shared cache keeps a public response (purged sooner on publish). */
  sMaxAgeSeconds: number;
  /** Seconds a shared cache may serve it stale while it asks the origin again. */
  staleWhileRevalidateSeconds: number;
  /** Seconds a shared cache may serve it stale while the origin fails. */
  staleIfErrorSeconds: number;
  /** The headers that carry the cache tags (Surrogate-Key: space-separated; ...-Tag: comma-separated); empty: none. */
  tagHeaders: string[];
  purger: EdgePurgerConfig;
  /** First retry delay of a purge the edge refused; each further retry doubles it, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often the purge worker looks for pending purges. */
  pollMs: number;
  /** Deadline of one purge request. */
  timeoutMs: number;
}

/** A header name as HTTP allows it (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The EDGE_*, FASTLY_* and CF_* settings. EDGE_CACHE defaults to on exactly when a purger is set. */
export function edgeSettings(env: Env): EdgeConfig {
  const kind = nonEmpty(env.EDGE_PURGER)?.toLowerCase() ?? 'none';
  const required = (name: string) => {
    const value = nonEmpty(env[name]);
    if (value === undefined) throw new Error(`EDGE_PURGER=${kind} needs ${name}`);
    return value;
  };
  const apiUrl = (name: string, fallback: string) => (httpUrl(env, name) ?? fallback).replace(/\/+$/, '');
  let purger: EdgePurgerConfig;
  if (kind === 'none') purger = { kind };
  else if (kind === 'varnish') {
    const urls = required('EDGE_PURGE_URL')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => httpUrl({ EDGE_PURGE_URL: item }, 'EDGE_PURGE_URL')!);
    purger = { kind, urls };
  } else if (kind === 'fastly') {
    purger = { kind, apiUrl: apiUrl('FASTLY_API_URL', 'https://api.fastly.com'), serviceId: required('FASTLY_SERVICE_ID'), apiToken: required('FASTLY_API_TOKEN') };
  } else if (kind === 'cloudflare') {
    purger = { kind, apiUrl: apiUrl('CF_API_URL', 'https://api.cloudflare.com/client/v4'), zoneId: required('CF_ZONE_ID'), apiToken: required('CF_API_TOKEN') };
  } else if (kind === 'http') {
    required('EDGE_PURGE_URL');
    purger = { kind, url: httpUrl(env, 'EDGE_PURGE_URL')!, secret: required('EDGE_PURGE_SECRET') };
  } else throw new Error(`EDGE_PURGER must be none, varnish, fastly, cloudflare or http, got "${env.EDGE_PURGER}"`);
  for (const name of ['FASTLY_SERVICE_ID', 'CF_ZONE_ID']) {
    const value = nonEmpty(env[name]);
    if (value !== undefined && !/^[A-Za-z0-9_-]+$/.test(value)) throw new Error(`${name} must be letters, digits, - and _, got "${value}"`);
  }
  const tagHeaders = (env.EDGE_TAG_HEADERS ?? 'Surrogate-Key,Cache-Tag')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const wrong = tagHeaders.find((name) => !HEADER_NAME.test(name));
  if (wrong !== undefined) throw new Error(`EDGE_TAG_HEADERS must be header names separated by commas, got "${wrong}"`);
  const retryBaseMs = positive(env, 'EDGE_PURGE_RETRY_BASE_MS', 1000);
  return {
    cache: boolean(env, 'EDGE_CACHE', purger.kind !== 'none'),
    sMaxAgeSeconds: integer(env, 'EDGE_S_MAXAGE', 300),
    staleWhileRevalidateSeconds: integer(env, 'EDGE_SWR', 60),
    staleIfErrorSeconds: integer(env, 'EDGE_SIE', 86_400),
    tagHeaders,
    purger,
    retryBaseMs,
    retryMaxMs: Math.max(retryBaseMs, positive(env, 'EDGE_PURGE_RETRY_MAX_MS', 60_000)),
    pollMs: positive(env, 'EDGE_PURGE_POLL_MS', 500),
    timeoutMs: positive(env, 'EDGE_PURGE_TIMEOUT_MS', 10_000),
  };
}
