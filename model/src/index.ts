import type { ContentType } from './content-type.js';
import type { Field } from './fields.js';
import { displayOrderField } from './shared-fields.js';
import { brands } from './types/brands.js';
import { clients } from './types/clients.js';
import { contactInfo } from './types/contact-info.js';
import { countries } from './types/countries.js';
import { landingContent } from './types/landing-content.js';
import { news } from './types/news.js';
import { statistics } from './types/statistics.js';
import { teamMembers } from './types/team-members.js';

export * from './constants.js';
export * from './content-type.js';
export * from './fields.js';
export * from './shared-fields.js';
export { brands, clients, contactInfo, countries, landingContent, news, statistics, teamMembers };

/** Every content type, in the admin sidebar's order: singletons, then collections. */
export const contentTypes = [landingContent, statistics, countries, brands, teamMembers, news, clients, contactInfo] as const;

/** The fields a client edits: the declared ones, then the shared display order of a collection. */
export function editableFields(type: ContentType): Readonly<Record<string, Field>> {
  return type.kind === 'collection' ? { ...type.fields, displayOrder: displayOrderField } : type.fields;
}
