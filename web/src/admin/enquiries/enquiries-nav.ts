import { Inbox } from 'lucide-react';

/** The inbox's sidebar link (its own group, 'Inbox'): only roles with the `enquiries` permission (admins) see it. */
export const ENQUIRIES_NAV_ITEM = { label: 'Enquiries', to: '/admin/enquiries', icon: Inbox, permission: 'enquiries' } as const;
