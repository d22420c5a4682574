import type { ContentType, FieldData } from './content-type.js';
import { brands } from './types/brands.js';
import { clients } from './types/clients.js';
import { contactInfo } from './types/contact-info.js';
import { countries } from './types/countries.js';
import { landingContent } from './types/landing-content.js';
import { news } from './types/news.js';
import { pages } from './types/pages.js';
import { siteSettings } from './types/site-settings.js';
import { statistics } from './types/statistics.js';
import { teamMembers } from './types/team-members.js';

// The list of content types every layer is built from: the API's entities, GraphQL types, REST
// routes and OpenAPI paths (api/src/content/registry.ts) and the admin's screens
// (web/src/admin/content-screens.tsx). A new type is one declaration in types/ and one entry here.

const types: ContentType[] = [landingContent, statistics, countries, brands, teamMembers, news, clients, contactInfo, siteSettings, pages];
let closed = false;

/** Every content type, in the admin sidebar's order: the spec's screens, then the site's own (registered ones last). */
export const contentTypes: readonly ContentType[] = types;

/**
 * Adds a content type to the list, as if it were declared in types/. For tests: a test declares a
 * type in a fixture and imports that fixture before anything that builds from the list (the API's
 * registry, the admin's screen list), which close it; registering after that throws.
 */
export function registerContentType<C extends ContentType>(type: C): C {
  if (closed) throw new Error(`Content type ${type.typeName} registered after the content types were read: import its declaration first`);
  for (const known of types) {
    for (const key of ['typeName', 'queryField', 'table', 'restPath', 'adminPath'] as const) {
      if (known[key] === type[key]) throw new Error(`Content type ${type.typeName}: ${key} ${type[key]} is taken by ${known.typeName}`);
    }
  }
  types.push(type);
  return type;
}

/** The content types, closing the list to registration (what the registry and the admin screens build from). */
export function closeContentTypes(): readonly ContentType[] {
  closed = true;
  return types;
}

/**
 * A singleton's first record: its declaration's `initial` values, the other fields at their
 * defaults (optional ones empty). A required field with neither is a mistake in the declaration.
 */
export function initialRecord(type: ContentType): Record<string, FieldData> {
  const record: Record<string, FieldData> = {};
  const initial: Record<string, FieldData | undefined> = type.initial ?? {};
  for (const key of Object.keys(initial)) {
    if (!(key in type.fields)) throw new Error(`${type.typeName}: initial value for an unknown field ${key}`);
  }
  for (const [key, field] of Object.entries(type.fields)) {
    const value = initial[key] ?? field.default ?? (field.required ? undefined : null);
    if (value === undefined) throw new Error(`${type.typeName}: the required field ${key} needs an initial value`);
    record[key] = value;
  }
  return record;
}
