import { LayoutDashboard, type LucideIcon } from 'lucide-react';
import { ACCOUNT_SCREENS } from '../accounts/account-screens';
import { ACTIVITY_NAV_ITEM } from '../activity/activity-nav';
import { CONTENT_SCREENS } from '../content-screens';
import { ENQUIRIES_NAV_ITEM } from '../enquiries/enquiries-nav';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown only to roles with this permission (auth/use-permissions.ts). */
  permission?: string;
}

/** Sidebar group 'Content Management': the dashboard, then the content screens in their order. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: LayoutDashboard },
  ...CONTENT_SCREENS.map((screen) => ({ label: screen.label, to: `/admin/${screen.path}`, icon: screen.icon, permission: screen.permission })),
];

/** The sidebar's groups: content first, then the inbox (admins), then the account screens. */
export const NAV_GROUPS: Array<{ label: string; items: NavItem[] }> = [
  { label: 'Content Management', items: NAV_ITEMS },
  { label: 'Inbox', items: [ENQUIRIES_NAV_ITEM] },
  { label: 'Settings', items: [...ACCOUNT_SCREENS.map((screen) => ({ label: screen.label, to: `/admin/${screen.path}`, icon: screen.icon, permission: screen.permission })), ACTIVITY_NAV_ITEM] },
];
