import type { ReactNode } from 'react';
import { NoAccessPage } from '../shell/NoAccessPage';
import { usePermissions } from './use-permissions';

/** A screen that needs `permission`: the screen for roles that have it, else the no-access page inside the shell. */
export function PermissionGate({ permission, children }: { permission?: string; children: ReactNode }) {
  const { can, loading } = usePermissions();
  if (!permission) return <>{children}</>;
  if (loading) return null;
  return can(permission) ? <>{children}</> : <NoAccessPage />;
}
