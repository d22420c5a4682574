import { unwrapResolverError } from '@apollo/server/errors';
import { UPLOAD_TOO_LARGE_MESSAGE } from '@consulting/model';
import type { GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { databaseHealth, isDatabaseUnavailable } from '../ops/database-health.js';
import { isOutOfStorage, storageHealth } from '../ops/storage-health.js';
import { AppError, InsufficientStorage, ServiceUnavailable } from '../shared/errors.js';

// The one place where service errors get their GraphQL meaning.

type Extensions = Record<string, unknown> & { code: string };

/** http-errors as thrown by graphql-upload (e.g. 413 for a file over its limit). */
function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof Error && 'status' in error && 'expose' in error && error.expose === true) {
    return typeof error.status === 'number' ? error.status : undefined;
  }
  return undefined;
}

/** Message and extensions for a known service error, or undefined for anything unexpected. */
export function describeServiceError(error: unknown): { message: string; extensions: Extensions } | undefined {
  if (isDatabaseUnavailable(error)) return describeServiceError(new ServiceUnavailable());
  if (isOutOfStorage(error)) return describeServiceError(new InsufficientStorage());
  if (error instanceof AppError) {
    return { message: error.message, extensions: { code: error.code, ...error.extensions() } };
  }
  const status = httpStatusOf(error);
  if (status === 413) return { message: UPLOAD_TOO_LARGE_MESSAGE, extensions: { code: 'PAYLOAD_TOO_LARGE' } };
  if (status !== undefined && status >= 400 && status < 500) {
    return { message: (error as Error).message, extensions: { code: 'BAD_USER_INPUT' } };
  }
  return undefined;
}

export interface ErrorFormatOptions {
  /** Replace unexpected errors with a generic message (production). */
  maskUnexpected: boolean;
  /** Drop graphql-js's "Did you mean ...?" hints, which name fields and types (production). */
  hideSuggestions?: boolean;
  logger: Logger;
}

/** graphql-js appends ` Did you mean "a", "b", or "c"?` to coercion and validation messages. */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/** Apollo `formatError`: typed errors get their code; unexpected ones are logged and masked. */
export function createErrorFormatter(options: ErrorFormatOptions) {
  const format = formatterOf(options);
  if (!options.hideSuggestions) return format;
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const result = format(formatted, error);
    return { ...result, message: result.message.replace(SUGGESTION, '') };
  };
}

function formatterOf({ maskUnexpected, logger }: ErrorFormatOptions) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const cause = unwrapResolverError(error);
    if (isDatabaseUnavailable(cause)) databaseHealth.reportUnavailable(cause, logger);
    else if (isOutOfStorage(cause)) storageHealth.reportFull(cause, logger);
    const known = describeServiceError(cause);
    if (known) return { message: known.message, locations: formatted.locations, path: formatted.path, extensions: known.extensions };
    if (formatted.extensions?.code !== 'INTERNAL_SERVER_ERROR') return formatted;
    logger.error({ err: cause, path: formatted.path }, 'GraphQL operation failed');
    if (!maskUnexpected) return formatted;
    return {
      message: 'Internal server error',
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}
