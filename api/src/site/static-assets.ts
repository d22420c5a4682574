import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { chooseEncoding } from './send-prepared.js';

// Fingerprinted scripts, style sheets and SVGs, sent precompressed: the build writes `.br` and
// `.gz` beside each (web/vite.config.ts, brotli at its best level), held in memory here, so no
// request compresses anything. Other assets (images, video) go to express.static.

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Asset {
  type: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

export function precompressedAssets(assetsDir: string): RequestHandler {
  const assets = new Map<string, Asset>();
  if (existsSync(assetsDir)) {
    for (const name of readdirSync(assetsDir)) {
      const type = TYPES[path.extname(name)];
      if (!type) continue;
      const file = path.join(assetsDir, name);
      const optional = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : null);
      assets.set(`/${name}`, { type, identity: readFileSync(file), br: optional('.br'), gzip: optional('.gz') });
    }
  }
  return (req, res, next) => {
    const asset = req.method === 'GET' || req.method === 'HEAD' ? assets.get(req.path) : undefined;
    if (!asset) return next();
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const body = (encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : null) ?? asset.identity;
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('Vary', 'Accept-Encoding');
    if (body !== asset.identity) res.setHeader('Content-Encoding', encoding!);
    res.setHeader('Content-Length', body.length);
    res.writeHead(200);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/**
 * For express.static's `setHeaders`: a file it sends gets the caching asked of it (it sets
 * Cache-Control only where none is set), not the `private, no-store` every response starts with
 * (http/private-by-default.ts).
 */
export const ownCaching = (res: ServerResponse) => res.removeHeader('Cache-Control');
