import { pipeline } from 'node:stream/promises';
import { UPLOAD_MAX_BYTES } from '@consulting/model';
import type { Request, RequestHandler, Response } from 'express';
import type { StorageConfig } from '../config.js';
import { callerOf } from '../auth/session.js';
import { errors, json } from '../http/doc-parts.js';
import { adminApiRoute, API_ROOT, UPLOADS_ROOT, type Route } from '../http/route.js';
import { InvalidImage, NotFound } from '../shared/errors.js';
import { emOf } from '../shared/request-context.js';
import { discardBody, readMultipartForm } from './multipart.js';
import { isStoredName, type ImageStorage } from './storage.js';
import { contentTypeOf, STORED_CACHE_CONTROL } from './image-types.js';
import { admitUpload } from './upload-gate.js';
import { storeImage } from './upload.service.js';
import { OriginalLookup } from './variants.js';

// Uploading an image (POST /api/upload-image, the REST twin of the GraphQL uploadImage mutation)
// and reading stored files (GET /uploads/<name>).

const MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024);

export function uploadRoutes(): Route[] {
  return [
    // Contributors add pictures to their drafts.
    adminApiRoute({
      method: 'POST',
      path: `${API_ROOT}/upload-image`,
      access: 'content.draft',
      metricsClass: 'upload',
      doc: {
        tags: ['Uploads'],
        operationId: 'uploadImage',
        summary: `Stores an image (JPEG, PNG, GIF or WebP, at most ${MEGABYTES} MB; re-encoded). Put the returned url in a picture field.`,
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] } } },
        },
        responses: {
          201: json({ type: 'object', properties: { url: { type: 'string', description: `${UPLOADS_ROOT}/<name>` } }, required: ['url'], additionalProperties: false }, 'Stored.'),
          ...errors(400, 401, 403, 413, 507),
        },
      },
      serve: ({ deps: { storage } }) =>
        /** Multipart form, the image in field `file` (a few text fields may sit beside it). */
        async (req, res) => {
          // Refusals that need no body come before reading it (who may upload: storeImage's own check).
          await admitUpload(req, res);
          if (!req.is('multipart/form-data')) {
            discardBody(req);
            throw new InvalidImage();
          }
          const form = await readMultipartForm(req, res, { maxFields: 10, maxFieldBytes: 8 * 1024 });
          if (form.file?.field !== 'file') throw new InvalidImage();
          res.status(201).json(await storeImage(emOf(req), callerOf(req), form.file.bytes, storage));
        },
    }),
    {
      method: 'GET',
      path: `${UPLOADS_ROOT}/:name`,
      access: 'public',
      headers: 'upload',
      serve: ({ deps }) => storedFiles(deps.storage, { storage: deps.config.storage }),
    },
  ];
}

/** Names known to be stored (per instance, bounded): a redirect to the asset URL needs no lookup for them. */
const KNOWN_NAMES_LIMIT = 10_000;

/**
 * A variant not made yet (an original stored before variants existed, until `npm run variants`)
 * points at its original for a few minutes: pages name every variant of an upload in their
 * srcset (and its link-preview picture `<base>-1200x630.jpg` in their OpenGraph tags), so this
 * keeps them whole, and the variant takes over soon after it is made.
 */
const ORIGINAL_INSTEAD_CACHE_CONTROL = 'public, max-age=300';

/**
 * GET /uploads/<name>: stored images, cacheable forever (names are never reused). Only reads: a
 * name that is not stored is a 404, except a missing variant of a stored original, which
 * redirects to that original. With S3 and PUBLIC_ASSET_URL, answers with a redirect to
 * `<PUBLIC_ASSET_URL>/<name>` instead of the bytes.
 */
function storedFiles(storage: ImageStorage, options: { storage?: StorageConfig }): RequestHandler {
  const originals = new OriginalLookup(storage);
  const assetUrl = options.storage?.kind === 's3' ? options.storage.publicAssetUrl : null;
  const known = new Set<string>();

  const redirectToOriginal = async (req: Request, res: Response, name: string) => {
    const original = await originals.originalOf(name);
    if (!original) throw new NotFound();
    res.set('Cache-Control', ORIGINAL_INSTEAD_CACHE_CONTROL).redirect(302, assetUrl ? `${assetUrl}/${original}` : `${UPLOADS_ROOT}/${original}`);
  };

  return async (req: Request, res: Response) => {
    const name = String(req.params.name);
    if (!isStoredName(name)) throw new NotFound();
    if (assetUrl) {
      if (!known.has(name)) {
        if (!(await storage.has(name))) {
          await redirectToOriginal(req, res, name);
          return;
        }
        if (known.size >= KNOWN_NAMES_LIMIT) known.clear();
        known.add(name);
      }
      // 302 kept a day: the asset URL is a setting and may change; the name never does.
      res.set('Cache-Control', 'public, max-age=86400').redirect(302, `${assetUrl}/${name}`);
      return;
    }
    const file = await storage.open(name);
    if (!file) {
      await redirectToOriginal(req, res, name);
      return;
    }
    res.set({
      'Content-Type': contentTypeOf(name),
      'Content-Length': String(file.size),
      'Cache-Control': STORED_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      (file.stream as NodeJS.ReadableStream & { destroy?(): void }).destroy?.();
      res.end();
      return;
    }
    await pipeline(file.stream, res);
  };
}
