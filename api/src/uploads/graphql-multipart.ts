import { Readable } from 'node:stream';
import type { RequestHandler } from 'express';
import Upload from 'graphql-upload/Upload.mjs';
import { BadRequest } from '../shared/errors.js';
import { readMultipartForm, type MultipartForm } from './multipart.js';
import { admitUpload } from './upload-gate.js';

// The GraphQL multipart request protocol (fields `operations`, `map`, then one file), read in
// full by readMultipartForm before Apollo sees the request. Replaces graphql-upload's
// processRequest, which hands Apollo a promise of a file still arriving: a broken or stalled body
// then surfaced as a 500 or an operation that never finished. The Upload scalar stays.

const MAX_OPERATIONS_BYTES = 100 * 1024;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Express middleware for /graphql: multipart requests become `req.body` with an Upload in place. */
export function graphqlMultipart(): RequestHandler {
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      next();
      return;
    }
    // Read by the GraphQL error handler: these refusals answer `data: null`.
    const refuse = (error: unknown) => {
      res.locals.refusedMultipart = true;
      next(error);
    };
    // Refusals that need no body come before reading it, as on REST (upload-gate.ts).
    admitUpload(req, res)
      .then(() => readMultipartForm(req, res, { maxFields: 2, maxFieldBytes: MAX_OPERATIONS_BYTES }))
      .then((form) => {
        req.body = operationsWithUpload(form);
      })
      .then(() => next(), refuse);
  };
}

function operationsWithUpload(form: MultipartForm): Record<string, unknown> {
  const [operationsField, mapField] = form.fields;
  if (operationsField?.name !== 'operations') throw new BadRequest('The first multipart field must be operations');
  if (mapField?.name !== 'map' || form.fields.length !== 2) throw new BadRequest('The second multipart field must be map');
  const operations = parseJson(operationsField.value, 'operations');
  if (typeof operations !== 'object' || operations === null || Array.isArray(operations)) {
    throw new BadRequest('The operations field must be a JSON object');
  }
  const map = parseJson(mapField.value, 'map');
  if (typeof map !== 'object' || map === null || Array.isArray(map)) throw new BadRequest('The map field must be a JSON object');
  const entries = Object.entries(map as Record<string, unknown>);
  if (entries.length > 1) throw new BadRequest('Only one file per request');
  const [entry] = entries;
  if (!entry) throw new BadRequest('The map field names no file');
  const [fileField, paths] = entry;
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string')) {
    throw new BadRequest('The map field must list the variable paths of each file');
  }
  const { file } = form;
  if (!file || file.field !== fileField) throw new BadRequest('File missing in the request');
  if (form.order.indexOf(fileField) !== 2) throw new BadRequest('The file must follow the map field');

  const upload = new Upload();
  upload.resolve({
    filename: file.filename,
    mimetype: file.mimeType,
    encoding: '7bit',
    createReadStream: () => Readable.from([file.bytes]),
  });
  for (const path of paths as string[]) placeAt(operations as Record<string, unknown>, path, upload);
  return operations as Record<string, unknown>;
}

function parseJson(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest(`The ${field} field is not valid JSON`);
  }
}

/** Replaces the value at a dotted path that the operation already has (the client sends null there). */
function placeAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let container: unknown = target;
  for (const [index, key] of keys.entries()) {
    if (typeof container !== 'object' || container === null || FORBIDDEN_KEYS.has(key) || !Object.hasOwn(container, key)) {
      throw new BadRequest(`The map path ${path} is not in the operation`);
    }
    if (index === keys.length - 1) (container as Record<string, unknown>)[key] = value;
    else container = (container as Record<string, unknown>)[key];
  }
}
