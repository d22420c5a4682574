import type { Request, Response } from 'express';
import { callerOf } from '../auth/session.js';
import { emOf } from '../shared/request-context.js';
import { announcesMoreThan, discardBody, MAX_MULTIPART_BODY_BYTES } from './multipart.js';
import { fileTooLarge } from './upload-limits.js';
import { requireUploader } from './upload.service.js';

/**
 * The refusals an upload gets before a byte of its body is read, the same on both paths (REST
 * POST /api/upload-image and a GraphQL multipart request): a caller who may not upload (storeImage's
 * own check, requireUploader), then a body announcing more than a multipart body may be (with
 * `Connection: close`). A refused body is discarded as it comes (discardBody).
 */
export async function admitUpload(req: Request, res: Response): Promise<void> {
  try {
    await requireUploader(emOf(req), callerOf(req));
    if (announcesMoreThan(req, MAX_MULTIPART_BODY_BYTES)) {
      res.set('Connection', 'close');
      throw fileTooLarge();
    }
  } catch (error) {
    discardBody(req);
    throw error;
  }
}
