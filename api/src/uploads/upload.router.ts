import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { requireSignedIn } from '../auth/auth.router.js';
import { callerOf } from '../auth/session.js';
import { InvalidImage, NotFound, ValidationFailed } from '../shared/errors.js';
import { isStoredName, type ImageStorage } from './storage.js';
import { contentTypeOf, storeImage } from './upload.service.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** POST /api/upload-image: multipart form, the image in field `file`. */
export function uploadRouter(storage: ImageStorage): Router {
  const router = Router();
  const failedInStorage = new WeakSet<object>();

  // A multer storage engine that hands the file stream to storeImage, which does all the checking.
  const engine: multer.StorageEngine = {
    _handleFile(req, file, callback) {
      storeImage(file.stream, callerOf(req as Request), storage).then(
        ({ url }) => callback(null, { path: url }),
        (error: Error) => {
          failedInStorage.add(error);
          callback(error);
        },
      );
    },
    _removeFile(_req, file, callback) {
      storage.remove(file.path.replace('/uploads/', '')).then(() => callback(null), callback);
    },
  };
  const parseForm = multer({ storage: engine, limits: { files: 1, fields: 10, parts: 12 } }).single('file');

  router.post('/upload-image', requireSignedIn, async (req, res) => {
    await new Promise<void>((resolve, reject) =>
      parseForm(req, res, (error: unknown) => {
        if (!error) return resolve();
        // A broken multipart body (rather than a refused file) is the client's mistake.
        const clientMistake = !(error instanceof multer.MulterError) && !failedInStorage.has(error as object);
        reject(clientMistake ? new ValidationFailed([], 'Malformed multipart form') : error);
      }),
    );
    if (!req.file) throw new InvalidImage('Please select an image file');
    res.status(201).json({ url: req.file.path });
  });

  return router;
}

/** GET /uploads/<name>: stored images, cacheable forever (names are never reused). */
export function uploadedFilesRouter(storage: ImageStorage): Router {
  const router = Router();
  router.get('/:name', async (req: Request, res: Response) => {
    const name = String(req.params.name);
    const file = isStoredName(name) ? await storage.open(name) : null;
    if (!file) throw new NotFound();
    res.set({
      'Content-Type': contentTypeOf(name),
      'Content-Length': String(file.size),
      'Cache-Control': `public, max-age=${ONE_YEAR_SECONDS}, immutable`,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await pipeline(file.stream, res);
  });
  return router;
}
