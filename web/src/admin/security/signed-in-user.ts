import type { ApolloCache } from '@apollo/client';
import { AdminMeDocument, type AdminMeQuery } from '../../graphql/generated/graphql';

type SignedInUser = NonNullable<AdminMeQuery['me']>;

/**
 * A sign-in completed (password and second step, a passkey, or an enrolment): the account goes into
 * the `me` cache, so the guard of /admin does not reuse the anonymous answer it had.
 */
export function writeSignedInUser(cache: ApolloCache, user: SignedInUser | null | undefined) {
  if (user) cache.writeQuery({ query: AdminMeDocument, data: { me: user } });
}
