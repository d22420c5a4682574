import createError from 'http-errors';

// The client errors raised outside the services (by the JSON body parser, or by Express itself:
// a malformed %-escape in a path, an unsupported charset), in one place: how they are raised on
// the path before Express (as the body parser raises them), and the status and message both
// surfaces answer them with (rest/error-handler.ts, graphql/mount.ts).

/** An error with an HTTP status, as the body parser and Express raise them. */
export interface HttpError extends Error {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large';
export const MALFORMED_JSON_MESSAGE = 'Malformed JSON in the request body';

/** The body parser's error for a body longer than its limit. */
export const bodyTooLarge = (): HttpError => createError(413, 'request entity too large', { type: 'entity.too.large' });

/** The body parser's error for a body that is not JSON. */
export const malformedJson = (): HttpError => createError(400, 'malformed JSON', { type: 'entity.parse.failed' });

/** The status and message of a client error (4xx) raised outside the services; null for anything else. */
export function clientErrorOf(error: HttpError | null | undefined): { status: number; message: string } | null {
  const status = error?.status ?? error?.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  if (error!.type === 'entity.too.large' || status === 413) return { status: 413, message: BODY_TOO_LARGE_MESSAGE };
  if (error!.type === 'entity.parse.failed') return { status: 400, message: MALFORMED_JSON_MESSAGE };
  // Their own message only when it is meant for the client.
  return { status, message: error!.expose ? String(error!.message) : 'Bad request' };
}
