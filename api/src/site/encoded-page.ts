import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import type { RenderedPage } from './page-cache.js';

// A cached page is sent many times with the same bytes: compress it once per encoding and keep the
// result beside the page, instead of letting the compression middleware redo it on every hit.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

const encodedPages = new WeakMap<RenderedPage, Map<Encoding, Promise<Buffer>>>();

function encode(page: RenderedPage, encoding: Encoding): Promise<Buffer> {
  let forms = encodedPages.get(page);
  if (!forms) encodedPages.set(page, (forms = new Map()));
  let bytes = forms.get(encoding);
  if (!bytes) {
    const raw = Buffer.from(page.html, 'utf8');
    bytes =
      encoding === 'br'
        ? brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : gzipAsync(raw, { level: 9 });
    forms.set(encoding, bytes);
  }
  return bytes;
}

/**
 * Sends a cacheable page in the best encoding the client accepts, compressed at most once per page.
 * Headers already set on `res` (ETag, Cache-Control, ...) are kept; the compression middleware leaves
 * a response that already has a Content-Encoding alone.
 */
export async function sendEncodedPage(req: Request, res: Response, page: RenderedPage): Promise<void> {
  const accepted = req.acceptsEncodings('br', 'gzip', 'identity');
  res.status(page.status).type('html').vary('Accept-Encoding');
  if (accepted === 'br' || accepted === 'gzip') {
    const body = await encode(page, accepted);
    res.set('Content-Encoding', accepted).send(body);
  } else {
    res.send(page.html);
  }
}
