import type { GraphQLFormattedError } from 'graphql';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

// Reading the API's GraphQL errors: `extensions.code` says what went wrong (UNAUTHENTICATED,
// BAD_USER_INPUT with `extensions.errors: [{field, message}]`, NOT_FOUND, ...).

export interface FieldError {
  field: string;
  message: string;
}

/** The GraphQL errors carried by a failed operation, wherever Apollo put them. */
export function graphQLErrors(error: unknown): readonly GraphQLFormattedError[] {
  if (CombinedGraphQLErrors.is(error)) return error.errors;
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: GraphQLFormattedError[] };
      return Array.isArray(body.errors) ? body.errors : [];
    } catch {
      return [];
    }
  }
  return [];
}

export function hasErrorCode(error: unknown, code: string): boolean {
  return graphQLErrors(error).some((e) => e.extensions?.code === code);
}

/** The session is gone (or never was): the server refused the caller. */
export function isUnauthenticated(error: unknown): boolean {
  return hasErrorCode(error, 'UNAUTHENTICATED') || (ServerError.is(error) && error.statusCode === 401);
}

/** The server's own words, when it answered with a GraphQL error. */
export function serverMessage(error: unknown): string | undefined {
  const message = graphQLErrors(error)[0]?.message;
  return message ? message : undefined;
}

/** Field errors of a BAD_USER_INPUT answer, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const e of graphQLErrors(error)) {
    if (e.extensions?.code !== 'BAD_USER_INPUT') continue;
    const list = e.extensions.errors;
    if (!Array.isArray(list)) continue;
    for (const item of list as Partial<FieldError>[]) {
      if (typeof item?.field === 'string' && typeof item.message === 'string' && !(item.field in result)) {
        result[item.field] = item.message;
      }
    }
  }
  return result;
}
