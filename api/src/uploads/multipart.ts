import busboy from 'busboy';
import type { Request, Response } from 'express';
import { AppError, BadRequest } from '../shared/errors.js';
import { fileTooLarge, MAX_IMAGE_BYTES } from './upload-limits.js';

// Reads a whole multipart upload form (at most one file, at most MAX_IMAGE_BYTES) into memory
// before anything acts on it, so a broken, stalled or oversized body is answered at once and
// never reaches GraphQL or the storage half-read. Shared by REST and GraphQL.

/**
 * A body that sends nothing for this long is given up on (the client keeps a socket open), so a
 * stalled upload is answered within a second of its last byte.
 */
export const UPLOAD_IDLE_MS = 900;
/** Room for field parts and part headers around the file. */
export const MULTIPART_OVERHEAD_BYTES = 128 * 1024;
/** Largest multipart body read at all; past it the connection is closed. */
export const MAX_MULTIPART_BODY_BYTES = MAX_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES;

export interface MultipartFile {
  field: string;
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

export interface MultipartForm {
  /** Text fields in arrival order. */
  fields: { name: string; value: string }[];
  file: MultipartFile | null;
  /** Part names in arrival order (fields and the file), for protocols that fix an order. */
  order: string[];
}

export interface MultipartRules {
  maxFields: number;
  maxFieldBytes: number;
}

const malformed = () => new BadRequest('Malformed multipart form');

/** True when the Content-Length header announces more than `limit` bytes. */
export function announcesMoreThan(req: Request, limit: number): boolean {
  const length = Number(req.get('content-length') ?? 0);
  return Number.isFinite(length) && length > limit;
}

/**
 * Reads the form (room for one part past the limits, so that a second file is called that). Rejects with an AppError (400 malformed or stalled, 413 file too large); the
 * rejection comes once the rest of the body was discarded, or at once with `Connection: close`
 * when the client stalls or sends past MAX_MULTIPART_BODY_BYTES.
 */
export function readMultipartForm(req: Request, res: Response, rules: MultipartRules): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    const form: MultipartForm = { fields: [], file: null, order: [] };
    let failure: AppError | null = null;
    let settled = false;
    let parserDone = false;
    let received = 0;
    let idle: NodeJS.Timeout | undefined;
    let parser: busboy.Busboy | undefined;

    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      // A body not read to its end cannot leave the connection reusable.
      if (!req.complete) res.set('Connection', 'close');
      if (failure) reject(failure);
      else resolve(form);
    };
    const fail = (error: AppError) => {
      if (failure || settled) return;
      failure = error;
      if (parser) {
        req.unpipe(parser);
        parser.removeAllListeners();
        parser.on('error', () => {});
        parser.destroy();
      }
      // Discard what is still coming, then answer (see onEnd); a stall is caught by the timer.
      req.resume();
      if (req.readableEnded) settle();
    };
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        fail(new BadRequest('Incomplete multipart form'));
        settle();
      }, UPLOAD_IDLE_MS);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      armIdle();
      if (received > MAX_MULTIPART_BODY_BYTES) {
        fail(fileTooLarge());
        settle();
      }
    };
    const onEnd = () => {
      if (failure) settle();
      else if (parserDone) settle();
    };
    const onClose = () => {
      // The client went away mid-body; nobody is listening for an answer, but the promise must end.
      if (req.readableEnded) return;
      fail(malformed());
      settle();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    armIdle();

    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fields: rules.maxFields, fieldSize: rules.maxFieldBytes, files: 1, fileSize: MAX_IMAGE_BYTES + 1, parts: rules.maxFields + 2 },
      });
    } catch {
      // No boundary, or not multipart at all.
      fail(malformed());
      return;
    }

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return fail(new BadRequest(`The ${name} field is too large`));
      form.fields.push({ name, value });
      form.order.push(name);
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      // busboy signals on reaching fileSize, so the limit is set one byte past the largest accepted.
      stream.on('limit', () => fail(fileTooLarge()));
      stream.on('error', () => fail(malformed()));
      stream.on('end', () => {
        if (failure) return;
        form.file = { field: name, filename: info.filename ?? '', mimeType: info.mimeType, bytes: Buffer.concat(chunks, size) };
      });
      form.order.push(name);
    });
    parser.on('filesLimit', () => fail(new BadRequest('Only one file per request')));
    parser.on('fieldsLimit', () => fail(new BadRequest('Too many fields in the multipart form')));
    parser.on('partsLimit', () => fail(new BadRequest('Too many parts in the multipart form')));
    parser.on('error', () => fail(malformed()));
    parser.on('close', () => {
      parserDone = true;
      if (!failure && req.readableEnded) settle();
    });
    req.pipe(parser);
  });
}

/**
 * For a request refused before its body is read: discards the body as it comes, and closes the
 * connection if the client stalls or sends more than a multipart body may be.
 */
export function discardBody(req: Request): void {
  if (req.readableEnded) return;
  let received = 0;
  let idle: NodeJS.Timeout | undefined;
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => req.socket.destroy(), UPLOAD_IDLE_MS);
  };
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    armIdle();
    if (received > MAX_MULTIPART_BODY_BYTES) req.socket.destroy();
  });
  req.on('end', () => clearTimeout(idle));
  req.on('close', () => clearTimeout(idle));
  armIdle();
  req.resume();
}
