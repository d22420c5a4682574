import { useQuery } from '@apollo/client/react';
import { AdminMeDocument } from '../../graphql/generated/graphql';

// What the signed-in account may do, from the `me` query the sign-in guard already asked (its
// role and the permissions the role grants: auth/permissions.ts on the server). The admin hides
// what a role cannot do; the server refuses it anyway.

export interface Permissions {
  /** admin, editor or contributor; null while loading or when signed out. */
  role: string | null;
  /** Whether the account's role grants `permission` (content.draft, content.publish, accounts, webhooks, activity, settings); false while loading. */
  can(permission: string): boolean;
  loading: boolean;
}

export function usePermissions(): Permissions {
  const { data, loading } = useQuery(AdminMeDocument, { fetchPolicy: 'cache-first' });
  const me = data?.me ?? null;
  const granted = me?.permissions ?? [];
  return { role: me?.role ?? null, can: (permission) => granted.includes(permission), loading: loading && !data };
}
