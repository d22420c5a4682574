import type { ReactElement } from 'react';
import { Briefcase, Building, ChartColumn, Contact, FileText, Globe, Newspaper, Users, Webhook, type LucideIcon } from 'lucide-react';
import { brands } from './brands/brands';
import { clients } from './clients/clients';
import { CollectionScreen } from './collections/CollectionScreen';
import { contactInfo } from './contact-info/contact-info';
import { countries } from './countries/countries';
import { landingContent } from './landing-content/landing-content';
import { news } from './news/news';
import { SingletonScreen } from './singletons/SingletonScreen';
import { statistics } from './statistics/statistics';
import { teamMembers } from './team-members/team-members';
import { WebhooksPage } from './webhooks/WebhooksPage';

// The content screens, once, in the sidebar's order: routes and sidebar items both
// come from this list.

export interface ContentScreen {
  /** Route under /admin. */
  path: string;
  /** Sidebar label. */
  label: string;
  icon: LucideIcon;
  element: ReactElement;
}

export const CONTENT_SCREENS: ContentScreen[] = [
  { path: landingContent.path, label: landingContent.navLabel, icon: FileText, element: <SingletonScreen definition={landingContent} /> },
  { path: statistics.path, label: statistics.navLabel, icon: ChartColumn, element: <SingletonScreen definition={statistics} /> },
  { path: countries.path, label: countries.navLabel, icon: Globe, element: <CollectionScreen definition={countries} /> },
  { path: brands.path, label: brands.navLabel, icon: Building, element: <CollectionScreen definition={brands} /> },
  { path: teamMembers.path, label: teamMembers.navLabel, icon: Users, element: <CollectionScreen definition={teamMembers} /> },
  { path: news.path, label: news.navLabel, icon: Newspaper, element: <CollectionScreen definition={news} /> },
  { path: clients.path, label: clients.navLabel, icon: Briefcase, element: <CollectionScreen definition={clients} /> },
  { path: contactInfo.path, label: contactInfo.navLabel, icon: Contact, element: <CollectionScreen definition={contactInfo} /> },
  { path: 'webhooks', label: 'Webhooks', icon: Webhook, element: <WebhooksPage /> },
];
