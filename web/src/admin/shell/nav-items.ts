import { Briefcase, Building, ChartColumn, Contact, FileText, Globe, LayoutDashboard, Newspaper, Users, Webhook, type LucideIcon } from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** Sidebar group 'Content Management', in the spec's order. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: LayoutDashboard },
  { label: 'Landing Content', to: '/admin/content', icon: FileText },
  { label: 'Statistics', to: '/admin/statistics', icon: ChartColumn },
  { label: 'Countries', to: '/admin/countries', icon: Globe },
  { label: 'Brands', to: '/admin/brands', icon: Building },
  { label: 'Team Members', to: '/admin/team-members', icon: Users },
  { label: 'News', to: '/admin/news', icon: Newspaper },
  { label: 'Clients', to: '/admin/clients', icon: Briefcase },
  { label: 'Contact Info', to: '/admin/contact-info', icon: Contact },
  { label: 'Webhooks', to: '/admin/webhooks', icon: Webhook },
];
