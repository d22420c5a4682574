// Typed errors raised by services. Each class carries its HTTP status, its GraphQL code and the
// body REST sends; rest/error-handler.ts and graphql/errors.ts read these and nothing else, so a
// new error is one class here.

import { UPLOAD_NOT_AN_IMAGE_MESSAGE } from '@consulting/model';

export interface FieldError {
  field: string;
  message: string;
}

/** The base of every error a service may raise on purpose (anything else is a 500). */
export abstract class AppError extends Error {
  /** REST status. */
  abstract readonly status: number;
  /** GraphQL `extensions.code`. */
  abstract readonly code: string;

  /** REST JSON body. */
  body(): Record<string, unknown> {
    return { message: this.message };
  }

  /** GraphQL `extensions`, besides `code`. */
  extensions(): Record<string, unknown> {
    return {};
  }

  /** REST headers (Retry-After, ...). */
  headers(): Record<string, string> {
    return {};
  }
}

/** Input broke a rule: REST 400 `{message, errors}`, GraphQL BAD_USER_INPUT with `extensions.errors`. */
export class ValidationFailed extends AppError {
  readonly status = 400;
  readonly code = 'BAD_USER_INPUT';
  constructor(readonly errors: FieldError[], message = 'Validation failed') {
    super(message);
    this.name = 'ValidationFailed';
  }
  override body() {
    return { message: this.message, errors: this.errors };
  }
  override extensions() {
    return { errors: this.errors };
  }
}

/** A request the server cannot read (malformed JSON, broken multipart): REST 400, GraphQL BAD_REQUEST. */
export class BadRequest extends AppError {
  readonly status = 400;
  readonly code = 'BAD_REQUEST';
  constructor(message = 'Bad request') {
    super(message);
    this.name = 'BadRequest';
  }
}

/** Anonymous caller of an admin operation, or wrong credentials: REST 401, GraphQL UNAUTHENTICATED. */
export class Unauthorized extends AppError {
  readonly status = 401;
  readonly code = 'UNAUTHENTICATED';
  constructor(message = 'Unauthorized') {
    super(message);
    this.name = 'Unauthorized';
  }
}

/** Signed in, but not allowed (a cross-site request, removing oneself): REST 403, GraphQL FORBIDDEN. */
export class Forbidden extends AppError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
  constructor(message = 'Forbidden') {
    super(message);
    this.name = 'Forbidden';
  }
}

/** Unknown id or path: REST 404, GraphQL NOT_FOUND. */
export class NotFound extends AppError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
  constructor(message = 'Not found') {
    super(message);
    this.name = 'NotFound';
  }
}

/** Who made the change that a stale save ran into, and when (from the content history). */
export interface LastChange {
  changedBy: string | null;
  changedAt: string | null;
}

/**
 * The record changed since the caller read it (optimistic concurrency): REST 412 (If-Match),
 * GraphQL CONFLICT. Carries the current version, and who changed it when, so a client can say so
 * and offer to reload.
 */
export class StaleVersion extends AppError {
  readonly status = 412;
  readonly code = 'CONFLICT';
  constructor(
    readonly currentVersion: number,
    readonly lastChange: LastChange = { changedBy: null, changedAt: null },
    message = 'Someone else changed this item since you opened it',
  ) {
    super(message);
    this.name = 'StaleVersion';
  }
  override body() {
    return { message: this.message, currentVersion: this.currentVersion, ...this.lastChange };
  }
  override extensions() {
    return { currentVersion: this.currentVersion, ...this.lastChange };
  }
}

/** Body or file over its limit: REST 413 `{error, message}`, GraphQL PAYLOAD_TOO_LARGE. */
export class PayloadTooLarge extends AppError {
  readonly status = 413;
  readonly code = 'PAYLOAD_TOO_LARGE';
  constructor(message: string) {
    super(message);
    this.name = 'PayloadTooLarge';
  }
  override body() {
    return { error: this.message, message: this.message };
  }
}

/** A file that is not an accepted image (judged by its bytes): REST 400 `{error, message}`, GraphQL BAD_USER_INPUT. */
export class InvalidImage extends AppError {
  readonly status = 400;
  readonly code = 'BAD_USER_INPUT';
  constructor(message = UPLOAD_NOT_AN_IMAGE_MESSAGE) {
    super(message);
    this.name = 'InvalidImage';
  }
  override body() {
    return { error: this.message, message: this.message };
  }
  override extensions() {
    return { errors: [{ field: 'file', message: this.message }] };
  }
}

/** Too many attempts: REST 429 with Retry-After, GraphQL TOO_MANY_REQUESTS. */
export class TooManyRequests extends AppError {
  readonly status = 429;
  readonly code = 'TOO_MANY_REQUESTS';
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
    this.name = 'TooManyRequests';
  }
  override extensions() {
    return { retryAfterSeconds: this.retryAfterSeconds };
  }
  override headers() {
    return { 'Retry-After': String(this.retryAfterSeconds) };
  }
}

/**
 * A write failed for want of space (a full disk or quota: ENOSPC, EDQUOT, PostgreSQL disk_full):
 * REST 507, GraphQL INSUFFICIENT_STORAGE (HTTP 507).
 */
export class InsufficientStorage extends AppError {
  readonly status = 507;
  readonly code = 'INSUFFICIENT_STORAGE';
  constructor(message = 'The server is out of storage space; try again later') {
    super(message);
    this.name = 'InsufficientStorage';
  }
}

/** The database (or another backing service) is unreachable: REST 503, GraphQL SERVICE_UNAVAILABLE. */
export class ServiceUnavailable extends AppError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor(message = 'Service unavailable') {
    super(message);
    this.name = 'ServiceUnavailable';
  }
  override headers() {
    return { 'Retry-After': '5' };
  }
}
