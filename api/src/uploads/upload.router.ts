import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { callerOf } from '../auth/session.js';
import { InvalidImage, NotFound, PayloadTooLarge, Unauthorized } from '../shared/errors.js';
import { announcesMoreThan, discardBody, MAX_MULTIPART_BODY_BYTES, readMultipartForm } from './multipart.js';
import { isStoredName, type ImageStorage } from './storage.js';
import { TOO_LARGE_MESSAGE } from './upload-limits.js';
import { contentTypeOf } from './image-types.js';
import { storeImage } from './upload.service.js';
import { VariantMaker } from './variants.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** POST /api/upload-image: multipart form, the image in field `file` (a few text fields may sit beside it). */
export function uploadRouter(storage: ImageStorage): Router {
  const router = Router();
  router.post('/upload-image', async (req, res) => {
    // Refusals that need no body come before reading it.
    if (!callerOf(req).userId) {
      discardBody(req);
      throw new Unauthorized();
    }
    if (announcesMoreThan(req, MAX_MULTIPART_BODY_BYTES)) {
      discardBody(req);
      res.set('Connection', 'close');
      throw new PayloadTooLarge(TOO_LARGE_MESSAGE);
    }
    if (!req.is('multipart/form-data')) {
      discardBody(req);
      throw new InvalidImage('Please select an image file');
    }
    const form = await readMultipartForm(req, res, { maxFields: 10, maxFieldBytes: 8 * 1024 });
    if (form.file?.field !== 'file') throw new InvalidImage('Please select an image file');
    res.status(201).json(await storeImage(form.file.bytes, callerOf(req), storage));
  });
  return router;
}

/**
 * GET /uploads/<name>: stored images, cacheable forever (names are never reused). A missing
 * variant of a stored original is made on its first request (variants.ts).
 */
export function uploadedFilesRouter(storage: ImageStorage, options: { logger?: Logger } = {}): Router {
  const router = Router();
  const variants = new VariantMaker(storage, options.logger);
  router.get('/:name', async (req: Request, res: Response) => {
    const name = String(req.params.name);
    if (!isStoredName(name)) throw new NotFound();
    let file = await storage.open(name);
    if (!file && (await variants.ensure(name))) file = await storage.open(name);
    if (!file) throw new NotFound();
    res.set({
      'Content-Type': contentTypeOf(name),
      'Content-Length': String(file.size),
      'Cache-Control': `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      (file.stream as NodeJS.ReadableStream & { destroy?(): void }).destroy?.();
      res.end();
      return;
    }
    await pipeline(file.stream, res);
  });
  return router;
}
