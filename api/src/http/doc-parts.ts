import type { Request } from 'express';
import { BadRequest, NotFound } from '../shared/errors.js';

// The pieces route rows are written with: OpenAPI fragments every REST route shares, and the
// request parts several routes read (a record id, If-Match, a JSON object body), each parsed in
// one place.

type Json = Record<string, unknown>;

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (schema: Json, description: string) => ({ description, content: { 'application/json': { schema } } });
const error = (description: string, schema = 'Error') => json(ref(schema), description);

const ERRORS = {
  400: error('Invalid input: a message per field.', 'ValidationError'),
  401: error('Not signed in (admin routes).'),
  403: error("Refused: the account's role lacks the route's permission, or a cross-site request."),
  404: error('No such record.'),
  412: error('The record changed since the version in If-Match.', 'StaleVersion'),
  413: error('The request body is too large.'),
  429: error('Too many attempts; see Retry-After.'),
  503: error('The database is unavailable; see Retry-After.'),
  507: error('The server is out of storage space; try again later.'),
};

/** The documented error answers with these status codes. */
export const errors = (...codes: (keyof typeof ERRORS)[]) => Object.fromEntries(codes.map((c) => [String(c), ERRORS[c]]));

/** `{ ok: true }`. */
export const ok = json({ type: 'object', properties: { ok: { const: true } }, required: ['ok'], additionalProperties: false }, 'Done.');

export const idParameter = { name: 'id', in: 'path', required: true, description: 'The id of the record.', schema: { type: 'integer', minimum: 1 } };

export const ifMatchParameter = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'The version read ("3"): a stale save gets 412 instead of overwriting. Absent or *: no check.',
  schema: { type: 'string' },
};

/** A JSON request body of this schema. */
export const jsonBody = (schema: Json, required = true) => ({ required, content: { 'application/json': { schema } } });

const MAX_ID = 2_147_483_647;

/** A record id from the path (`:id`): a positive integer; anything else names no record (404). */
export function idOf(req: Request): number {
  const id = recordId(String(req.params.id));
  if (id === null) throw new NotFound();
  return id;
}

/** A record id as written in a path, or null when it names no record. */
export function recordId(raw: string): number | null {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * `If-Match: <version>` (or the quoted `"<version>"`, optionally weak `W/"<version>"`): the version the
 * client read; a stale one gets 412. Absent or `*`: no check. Anything else is a malformed request.
 */
export function expectedVersionOf(req: Request): number | undefined {
  const header = req.get('if-match')?.trim();
  if (header === undefined || header === '' || header === '*') return undefined;
  const match = /^(?:W\/)?(?:"(\d{1,10})"|(\d{1,10}))$/.exec(header);
  const version = match ? Number(match[1] ?? match[2]) : NaN;
  if (!Number.isSafeInteger(version) || version < 1 || version > MAX_ID) {
    throw new BadRequest('If-Match must be the version of the record, e.g. If-Match: "3"');
  }
  return version;
}

/** A JSON object body; anything else reads as an empty one (its fields then fail their checks). */
export function bodyOf(req: Request): Record<string, unknown> {
  const body = req.body as unknown;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A text field of the JSON body ('' when absent or not text: the service then says what is missing). */
export const textOf = (req: Request, name: string) => {
  const value = bodyOf(req)[name];
  return typeof value === 'string' ? value : '';
};
