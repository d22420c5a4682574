import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CacheState, Prepared } from './public-cache.js';

/** `hit`, `miss` (produced now), `stale` (an older revision's bytes while the database is away) or `bypass`. */
export const RENDER_CACHE_HEADER = 'X-Render-Cache';

/** Accept-Encoding values already judged (browsers send a handful of distinct ones). */
const judged = new Map<string, 'br' | 'gzip' | null>();
const JUDGED_MAX = 64;

/** The best encoding the client accepts among br, gzip and identity (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const known = judged.get(acceptEncoding);
  if (known !== undefined) return known;
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gz = true;
  }
  const chosen = br ? 'br' : gz ? 'gzip' : null;
  if (judged.size < JUDGED_MAX) judged.set(acceptEncoding, chosen);
  return chosen;
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

type Header = readonly [string, string | number];

/** Cache-Control of an earlier rendering served while the current one cannot be (kept by no shared cache). */
const STALE_CACHE_CONTROL = 'no-cache';

/** Whether `headers` has a header called `name`, in any letter case. */
function namedIn(headers: Record<string, string>, name: string): boolean {
  const lower = name.toLowerCase();
  for (const other in headers) if (other.toLowerCase() === lower) return true;
  return false;
}

/**
 * What to answer with prepared bytes: the encoding the client accepts, the ETag (a matching
 * If-None-Match gets 304), Vary (after `vary`, e.g. CORS's Origin), the cache state header.
 */
function preparedResponse(
  req: IncomingMessage,
  entry: Prepared,
  state: CacheState,
  extraHeaders: Record<string, string> | undefined,
  vary: string | undefined,
): { status: number; headers: Header[]; body: Buffer | null } {
  const headers: Header[] = [];
  // An earlier rendering (the data is away, or the page is being rendered anew) is for this visitor
  // only: a shared cache in front (edge/edge-headers.ts) must not keep it past the purge that asked for the new one.
  if (state === 'stale') extraHeaders = { ...extraHeaders, 'Cache-Control': STALE_CACHE_CONTROL };
  // An extra header replaces the entry's of the same name (Apollo's `cache-control: no-store` on a
  // GraphQL read gives way to the read path's own), as res.setHeader does, also in one writeHead.
  for (const name in entry.headers) if (!extraHeaders || !namedIn(extraHeaders, name)) headers.push([name, entry.headers[name]]);
  for (const name in extraHeaders) headers.push([name, extraHeaders[name]]);
  headers.push(['Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding'], [RENDER_CACHE_HEADER, state]);
  if (state !== 'stale') {
    headers.push(['ETag', entry.etag]);
    if (entry.status === 200 && etagMatches(req.headers['if-none-match'], entry.etag)) {
      return { status: 304, headers: headers.filter(([name]) => name !== 'Content-Type'), body: null };
    }
  }
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const encoded = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : null;
  if (encoded) headers.push(['Content-Encoding', encoding!]);
  const bytes = encoded ?? entry.body;
  headers.push(['Content-Length', bytes.length]);
  return { status: entry.status, headers, body: req.method === 'HEAD' ? null : bytes };
}

/**
 * Sends prepared bytes with plain node:http calls (no Express work), keeping the headers already
 * on `res` (the security headers and CORS: the public read handler runs after them, app.ts).
 */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Prepared,
  state: CacheState,
  extraHeaders?: Record<string, string>,
): void {
  const vary = res.getHeader('Vary');
  const { status, headers, body } = preparedResponse(req, entry, state, extraHeaders, vary === undefined ? undefined : String(vary));
  for (const [name, value] of headers) res.setHeader(name, value);
  if (status === 304) res.removeHeader('Content-Type');
  res.writeHead(status);
  if (body) res.end(body);
  else res.end();
}

/**
 * The same answer on a response nothing has touched yet (a hit answered before Express, app.ts):
 * `fixedHeaders` first, then everything in one writeHead, the cheapest way node:http sends headers.
 */
export function sendPreparedFirst(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Prepared,
  fixedHeaders: ReadonlyArray<readonly [string, string]>,
  extraHeaders?: Record<string, string>,
): void {
  if (req.headers['if-none-match'] === undefined) {
    // The usual request: its whole head is the entry's for this encoding, made once.
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const { flat, bytes } = headOf(req, entry, fixedHeaders, extraHeaders, encoding);
    res.writeHead(entry.status, flat);
    if (req.method === 'HEAD') res.end();
    else res.end(bytes);
    return;
  }
  const { status, headers, body } = preparedResponse(req, entry, 'hit', extraHeaders, undefined);
  res.writeHead(status, flatten(fixedHeaders, headers));
  if (body) res.end(body);
  else res.end();
}

function flatten(fixedHeaders: ReadonlyArray<readonly [string, string]>, headers: readonly Header[]): string[] {
  const flat: string[] = [];
  for (const [name, value] of fixedHeaders) flat.push(name, value);
  for (const [name, value] of headers) flat.push(name, String(value));
  return flat;
}

/**
 * The heads of a cache entry's hits answered before Express (no If-None-Match), kept with the entry:
 * the same few combinations of fixed headers (a header policy), extra headers (a Cache-Control)
 * and encoding come again and again, and building and joining twenty headers each time is a
 * good part of such an answer's cost.
 */
const heads = new WeakMap<Prepared, Map<string, { flat: string[]; bytes: Buffer }>>();
const identities = new WeakMap<object, number>();
let nextIdentity = 0;
const identityOf = (value: object) => identities.get(value) ?? (identities.set(value, ++nextIdentity), nextIdentity);

function headOf(
  req: IncomingMessage,
  entry: Prepared,
  fixedHeaders: ReadonlyArray<readonly [string, string]>,
  extraHeaders: Record<string, string> | undefined,
  encoding: 'br' | 'gzip' | null,
): { flat: string[]; bytes: Buffer } {
  const key = `${identityOf(fixedHeaders)} ${extraHeaders ? identityOf(extraHeaders) : 0} ${encoding}`;
  let byKey = heads.get(entry);
  let head = byKey?.get(key);
  if (head === undefined) {
    const { headers, body } = preparedResponse(req, entry, 'hit', extraHeaders, undefined);
    const encoded = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : null;
    head = { flat: flatten(fixedHeaders, headers), bytes: body ?? encoded ?? entry.body };
    if (!byKey) heads.set(entry, (byKey = new Map()));
    byKey.set(key, head);
  }
  return head;
}

/** How long browsers and CDNs may keep a redirect from another spelling of a page to the page. */
const REDIRECT_CACHE_CONTROL = 'public, max-age=3600';
/**
 * A redirect from an item's former slug changes with the content (renamed back, the old slug is a
 * page again): kept by nobody without asking again, or a browser could loop between two slugs.
 */
const MOVED_CACHE_CONTROL = 'no-cache';

/**
 * A 301 from another spelling of a page to the page (`location`: a path of ours, with the query
 * string). On a fresh response (before Express) `fixedHeaders` come first, as in sendPreparedFirst;
 * otherwise the headers already on `res` (security headers, CORS) are kept. `moved`: from an item's
 * former slug (not kept by caches without asking again).
 */
export function sendRedirect(res: ServerResponse, location: string, fixedHeaders?: ReadonlyArray<readonly [string, string]>, moved = false): void {
  const headers: [string, string][] = [
    ['Location', location],
    ['Cache-Control', moved ? MOVED_CACHE_CONTROL : REDIRECT_CACHE_CONTROL],
    ['Content-Length', '0'],
  ];
  if (fixedHeaders) {
    const flat: string[] = [];
    for (const [name, value] of [...fixedHeaders, ...headers]) flat.push(name, value);
    res.writeHead(301, flat);
  } else {
    for (const [name, value] of headers) res.setHeader(name, value);
    res.writeHead(301);
  }
  res.end();
}
