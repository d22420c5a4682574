import { Briefcase, Building, ChartColumn, Contact, FileText, Files, Globe, Newspaper, PanelsTopLeft, Users, type LucideIcon } from 'lucide-react';
import { brands } from './brands/brands';
import { clients } from './clients/clients';
import type { CollectionDefinition } from './collections/collection-definition';
import { contactInfo } from './contact-info/contact-info';
import { countries } from './countries/countries';
import type { FormLayout } from './forms/field-spec';
import { news } from './news/news';
import { pages } from './pages/pages';
import { siteSettingsForm } from './site/site-form';
import { teamMembers } from './team-members/team-members';

// What a content type's admin screen says beyond its declaration, by type name: its sidebar icon,
// for a collection the table its own file declares (columns, row label), for a singleton its
// form's layout (groups, helper texts). A type with no entry gets default-columns.tsx's table, the
// fields one after the other and the default icon.

export interface ScreenOverride {
  icon?: LucideIcon;
  collection?: CollectionDefinition<any>;
  /** A singleton's form in titled groups, with helper texts and image previews. */
  form?: FormLayout;
}

export const SCREEN_OVERRIDES: Readonly<Record<string, ScreenOverride>> = {
  LandingContent: { icon: FileText },
  Statistics: { icon: ChartColumn },
  Country: { icon: Globe, collection: countries },
  Brand: { icon: Building, collection: brands },
  TeamMember: { icon: Users, collection: teamMembers },
  News: { icon: Newspaper, collection: news },
  Client: { icon: Briefcase, collection: clients },
  ContactInfo: { icon: Contact, collection: contactInfo },
  SiteSettings: { icon: PanelsTopLeft, form: siteSettingsForm },
  Page: { icon: Files, collection: pages },
};
