import type { ContentType } from './content-type.js';
import type { Field } from './fields.js';
import { displayOrderField } from './shared-fields.js';

export * from './constants.js';
export * from './content-names.js';
export * from './content-type.js';
export * from './content-types.js';
export * from './enquiry-form.js';
export * from './fields.js';
export * from './shared-fields.js';
export * from './rich-text/index.js';
export { brands } from './types/brands.js';
export { clients } from './types/clients.js';
export { contactInfo } from './types/contact-info.js';
export { countries } from './types/countries.js';
export { landingContent } from './types/landing-content.js';
export { news } from './types/news.js';
export { pages } from './types/pages.js';
export { siteSettings } from './types/site-settings.js';
export { statistics } from './types/statistics.js';
export { teamMembers } from './types/team-members.js';

/** The fields a client edits: the declared ones, then the shared display order of a collection. */
export function editableFields(type: ContentType): Readonly<Record<string, Field>> {
  return type.kind === 'collection' ? { ...type.fields, displayOrder: displayOrderField } : type.fields;
}
