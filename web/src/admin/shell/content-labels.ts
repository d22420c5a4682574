import type { ContentType } from '@consulting/model';
import { ADMIN_CONTENT_TYPES } from '../content-definitions';

// What staff call a content type, from the content model's labels: webhooks, the dashboard and the
// history name collections as the sidebar does ('Team Members'), never by their REST path ('team-members').

/** The content type whose REST path (the name webhooks and history entries carry) is this. */
export function contentTypeOf(restPath: string): ContentType | undefined {
  return ADMIN_CONTENT_TYPES.find((type) => type.restPath === restPath);
}

/** Webhook collections that are not content types: the enquiries of the contact form (`enquiry.created`). */
const OTHER_LABELS: Readonly<Record<string, string>> = { enquiries: 'Enquiries' };

/** The sidebar's name of a content type given by its REST path; an unknown path stays as it is. */
export function contentLabel(restPath: string): string {
  const type = contentTypeOf(restPath);
  return type ? (type.labels.nav ?? type.labels.plural) : (OTHER_LABELS[restPath] ?? restPath);
}

/** The admin screen of a content type given by its REST path (the dashboard when unknown). */
export function contentScreenPath(restPath: string): string {
  const type = contentTypeOf(restPath);
  return type ? `/admin/${type.adminPath}` : '/admin';
}
