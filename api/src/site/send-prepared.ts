import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CacheState, Prepared } from './public-cache.js';

/** `hit`, `miss` (produced now), `stale` (an older revision's bytes while the database is away) or `bypass`. */
export const RENDER_CACHE_HEADER = 'X-Render-Cache';

/** The best encoding the client accepts among br, gzip and identity (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : null;
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends prepared bytes with plain node:http calls (no Express work): the encoding the client
 * accepts, the ETag (a matching If-None-Match gets 304), Vary, the cache state header.
 */
/**
 * (The security headers are already on `res`: the public read handler runs after them, app.ts.)
 */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Prepared,
  state: CacheState,
  extraHeaders?: Record<string, string>,
): void {
  for (const name in entry.headers) res.setHeader(name, entry.headers[name]);
  for (const name in extraHeaders) res.setHeader(name, extraHeaders[name]);
  // CORS may have said Vary: Origin already.
  const vary = res.getHeader('Vary');
  res.setHeader('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  res.setHeader(RENDER_CACHE_HEADER, state);
  if (state !== 'stale') {
    res.setHeader('ETag', entry.etag);
    if (entry.status === 200 && etagMatches(req.headers['if-none-match'], entry.etag)) {
      res.removeHeader('Content-Type');
      res.writeHead(304);
      res.end();
      return;
    }
  }
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : null;
  if (body) res.setHeader('Content-Encoding', encoding!);
  const bytes = body ?? entry.body;
  res.setHeader('Content-Length', bytes.length);
  res.writeHead(entry.status);
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
}
