import { ScrollText } from 'lucide-react';

/** The activity log's sidebar link (group 'Settings'): only roles with the `activity` permission see it (Sidebar.tsx). */
export const ACTIVITY_NAV_ITEM = { label: 'Activity', to: '/admin/activity', icon: ScrollText, permission: 'activity' } as const;
