import type { Publication } from '../publishing/publication-operations';
import type { Handler } from './render-admin';

// The editorial workflow's answers for fake servers: a record's publication (published, nothing
// pending unless a test says otherwise) and the quiet defaults every screen may ask for (nothing
// off the site, nothing scheduled or waiting for review, the site's clock in UTC).

/** A record's publication as the API answers it; published with no draft unless `overrides` say. */
export function publicationAnswer(collection: string, recordId: number, overrides: Partial<Publication> = {}) {
  return {
    __typename: 'Publication',
    collection,
    recordId,
    state: 'PUBLISHED',
    live: true,
    hasDraft: false,
    draftVersion: null,
    values: null,
    label: `#${recordId}`,
    updatedAt: null,
    updatedBy: null,
    submittedAt: null,
    submittedBy: null,
    ...overrides,
    scheduled: (overrides.scheduled ?? []).map((job) => ({ __typename: 'ScheduledJob', ...job })),
  };
}

/** A scheduled job as the API answers it. */
export function jobAnswer(job: { id: string; kind: string; runAt: string } & Record<string, unknown>) {
  return { __typename: 'ScheduledJob', collection: null, recordId: null, label: null, state: 'pending', createdBy: null, lateMs: null, error: null, ...job };
}

/** Answers for the workflow's queries that a screen asks for whether or not a test is about them. */
export const WORKFLOW_DEFAULTS: Record<string, Handler> = {
  AdminPublication: ({ collection, id }) => ({ data: { publication: publicationAnswer(String(collection), Number(id)) } }),
  AdminSiteTimeZone: () => ({ data: { siteTimeZone: 'UTC' } }),
  AdminScheduledJobs: () => ({ data: { scheduledJobs: [] } }),
  AdminReviewQueue: () => ({ data: { reviewQueue: [] } }),
  AdminPreviewLinks: () => ({ data: { previewLinks: [] } }),
};
