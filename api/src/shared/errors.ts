// Typed errors raised by services. Each surface (REST, GraphQL) maps them in one place.

export interface FieldError {
  field: string;
  message: string;
}

/** Input broke a rule: REST 400 `{message, errors}`, GraphQL BAD_USER_INPUT with `extensions.errors`. */
export class ValidationFailed extends Error {
  constructor(readonly errors: FieldError[], message = 'Validation failed') {
    super(message);
    this.name = 'ValidationFailed';
  }
}

/** Anonymous caller of an admin operation, or wrong credentials: REST 401, GraphQL UNAUTHENTICATED. */
export class Unauthorized extends Error {
  constructor(message = 'Unauthorized') {
    super(message);
    this.name = 'Unauthorized';
  }
}

/** Unknown id: REST 404, GraphQL NOT_FOUND. */
export class NotFound extends Error {
  constructor(message = 'Not found') {
    super(message);
    this.name = 'NotFound';
  }
}

/** Too many attempts: REST 429 with Retry-After, GraphQL TOO_MANY_REQUESTS. */
export class TooManyRequests extends Error {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
    this.name = 'TooManyRequests';
  }
}

/** Body or file over its limit: REST 413, GraphQL PAYLOAD_TOO_LARGE. */
export class PayloadTooLarge extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayloadTooLarge';
  }
}

/** A file that is not an accepted image (judged by its bytes): REST 400, GraphQL BAD_USER_INPUT. */
export class InvalidImage extends Error {
  constructor(message = 'Please select an image file') {
    super(message);
    this.name = 'InvalidImage';
  }
}
