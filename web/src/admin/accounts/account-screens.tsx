import type { ReactElement } from 'react';
import { KeyRound, ShieldCheck, type LucideIcon } from 'lucide-react';
import { AccountPage } from './AccountPage';
import { AdminsPage } from './AdminsPage';

/** The account screens, once: routes and the sidebar's 'Settings' group come from this list. */
export const ACCOUNT_SCREENS: Array<{ path: string; label: string; icon: LucideIcon; element: ReactElement; permission?: string }> = [
  { path: 'account', label: 'Account', icon: KeyRound, element: <AccountPage /> },
  { path: 'admins', label: 'Admins', icon: ShieldCheck, element: <AdminsPage />, permission: 'accounts' },
];
