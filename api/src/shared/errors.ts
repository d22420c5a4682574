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
  /**
   * `status`: the REST status; `code`: GraphQL's `extensions.code`. The error's name is its
   * class's (`NotFound`), for logs.
   */
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

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

/** An error class that is only its status, its code and its default message. */
function plainError(status: number, code: string, defaultMessage: string) {
  return class extends AppError {
    constructor(message = defaultMessage) {
      super(message, status, code);
    }
  };
}

/** Input broke a rule: REST 400 `{message, errors}`, GraphQL BAD_USER_INPUT with `extensions.errors`. */
export class ValidationFailed extends AppError {
  constructor(readonly errors: FieldError[], message = 'Validation failed') {
    super(message, 400, 'BAD_USER_INPUT');
  }
  override body() {
    return { message: this.message, errors: this.errors };
  }
  override extensions() {
    return { errors: this.errors };
  }
}

/** A request the server cannot read (malformed JSON, broken multipart): REST 400, GraphQL BAD_REQUEST. */
export class BadRequest extends plainError(400, 'BAD_REQUEST', 'Bad request') {}

/** Anonymous caller of an admin operation, or wrong credentials: REST 401, GraphQL UNAUTHENTICATED. */
export class Unauthorized extends plainError(401, 'UNAUTHENTICATED', 'Unauthorized') {}

/** The next step of a sign-in whose password was right (auth/sign-in/sign-in-flow.ts). */
export interface SignInStep {
  /** For the next step: signed, valid a few minutes, completes one sign-in. */
  token: string;
  /** 'second-factor': what the account can use; 'enrol': what it can set up. */
  methods: string[];
  expiresAt: Date;
}

/**
 * The password was right, but a session needs more: the second step (REST 401 `{message,
 * secondStep}`, GraphQL SECOND_STEP_REQUIRED with `extensions.secondStep`), or setting up a second
 * factor the policy requires (`enrolment`, ENROLMENT_REQUIRED). Same objects on both surfaces.
 */
export class SecondStepRequired extends AppError {
  constructor(
    readonly kind: 'second-factor' | 'enrol',
    readonly step: SignInStep,
  ) {
    super(
      kind === 'second-factor' ? 'A second step is needed to sign in' : 'Set up a second factor to sign in',
      401,
      kind === 'second-factor' ? 'SECOND_STEP_REQUIRED' : 'ENROLMENT_REQUIRED',
    );
  }
  private stepBody(): Record<string, unknown> {
    const step = { token: this.step.token, methods: this.step.methods, expiresAt: this.step.expiresAt.toISOString() };
    return { [this.kind === 'second-factor' ? 'secondStep' : 'enrolment']: step };
  }
  override body() {
    return { message: this.message, ...this.stepBody() };
  }
  override extensions() {
    return this.stepBody();
  }
}

/** Signed in, but not allowed (a cross-site request, removing oneself): REST 403, GraphQL FORBIDDEN. */
export class Forbidden extends plainError(403, 'FORBIDDEN', 'Forbidden') {}

/** Unknown id or path: REST 404, GraphQL NOT_FOUND. */
export class NotFound extends plainError(404, 'NOT_FOUND', 'Not found') {}

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
  constructor(
    readonly currentVersion: number,
    readonly lastChange: LastChange = { changedBy: null, changedAt: null },
    message = 'Someone else changed this item since you opened it',
  ) {
    super(message, 412, 'CONFLICT');
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
  constructor(message: string) {
    super(message, 413, 'PAYLOAD_TOO_LARGE');
  }
  override body() {
    return { error: this.message, message: this.message };
  }
}

/** A file that is not an accepted image (judged by its bytes): REST 400 `{error, message}`, GraphQL BAD_USER_INPUT. */
export class InvalidImage extends AppError {
  constructor(message = UPLOAD_NOT_AN_IMAGE_MESSAGE) {
    super(message, 400, 'BAD_USER_INPUT');
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
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message, 429, 'TOO_MANY_REQUESTS');
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
export class InsufficientStorage extends plainError(507, 'INSUFFICIENT_STORAGE', 'The server is out of storage space; try again later') {}

/** The database (or another backing service) is unreachable: REST 503, GraphQL SERVICE_UNAVAILABLE. */
export class ServiceUnavailable extends AppError {
  constructor(message = 'Service unavailable') {
    super(message, 503, 'SERVICE_UNAVAILABLE');
  }
  override headers() {
    return { 'Retry-After': '5' };
  }
}
