import { parse } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';

// The editorial workflow's GraphQL operations that are the same for every content type: a
// record's publication state, publishing, unpublishing, discarding, review, scheduling and
// preview links. The per-type draft saves are built from the model in content-operations.ts.
// content-operations.test.ts validates every one of them against the API's schema.

const document = <Data, Variables>(source: string) => parse(source) as TypedDocumentNode<Data, Variables>;

export type PublicationState = 'PUBLISHED' | 'CHANGED' | 'DRAFT' | 'UNPUBLISHED';

/** A pending or recent job of the scheduler (publish or unpublish of one record). */
export interface ScheduledJob {
  id: string;
  kind: string;
  collection?: string | null;
  recordId?: number | null;
  label?: string | null;
  runAt: string;
  state: string;
  createdBy?: string | null;
  lateMs?: number | null;
  error?: string | null;
}

/** Where a record stands: on the site or not, with a draft or not, in review, scheduled. */
export interface Publication {
  collection: string;
  recordId: number;
  state: PublicationState;
  live: boolean;
  hasDraft: boolean;
  draftVersion?: number | null;
  /** The draft's values (null without a draft). */
  values?: Record<string, unknown> | null;
  label: string;
  updatedAt?: string | null;
  updatedBy?: string | null;
  submittedAt?: string | null;
  submittedBy?: string | null;
  scheduled?: ScheduledJob[];
}

export interface PreviewLink {
  id: string;
  /** Only in the answer that created it: the token is never stored readable. */
  url?: string | null;
  expiresAt: string;
  createdAt: string;
  createdBy?: string | null;
  revokedAt?: string | null;
}

const JOB = 'id kind collection recordId label runAt state createdBy lateMs error';
/** What the admin reads of a record's publication (rows of a table select it too). */
export const PUBLICATION_SELECTION = `collection recordId state live hasDraft draftVersion values label updatedAt updatedBy submittedAt submittedBy scheduled { ${JOB} }`;
const LINK = 'id expiresAt createdAt createdBy revokedAt';

type Target = { collection: string; id: number };

export const publicationDocument = document<{ publication: Publication }, Target>(
  `query AdminPublication($collection: String!, $id: Int!) { publication(collection: $collection, id: $id) { ${PUBLICATION_SELECTION} } }`,
);

/** How many items of a collection that are not on the site the section lists. */
export const NOT_ON_SITE_PAGE = 20;

/** A page of records not on the site, and how many there are. */
export interface PublicationPage {
  items: Publication[];
  total: number;
}

export const reviewQueueDocument = document<{ reviewQueue: Publication[] }, { limit?: number }>(
  `query AdminReviewQueue($limit: Int) { reviewQueue(limit: $limit) { ${PUBLICATION_SELECTION} } }`,
);

export const publishDocument = document<{ publish: Publication }, Target>(
  `mutation AdminPublish($collection: String!, $id: Int!) { publish(collection: $collection, id: $id) { ${PUBLICATION_SELECTION} } }`,
);

export const unpublishDocument = document<{ unpublish: Publication }, Target>(
  `mutation AdminUnpublish($collection: String!, $id: Int!) { unpublish(collection: $collection, id: $id) { ${PUBLICATION_SELECTION} } }`,
);

export const discardDraftDocument = document<{ discardDraft: boolean }, Target>(
  `mutation AdminDiscardDraft($collection: String!, $id: Int!) { discardDraft(collection: $collection, id: $id) }`,
);

export const submitForReviewDocument = document<{ submitForReview: Publication }, Target>(
  `mutation AdminSubmitForReview($collection: String!, $id: Int!) { submitForReview(collection: $collection, id: $id) { ${PUBLICATION_SELECTION} } }`,
);

export type ScheduleAction = 'publish' | 'unpublish';

export const siteTimeZoneDocument = document<{ siteTimeZone: string }, Record<string, never>>(`query AdminSiteTimeZone { siteTimeZone }`);

export const scheduledJobsDocument = document<{ scheduledJobs: ScheduledJob[] }, { limit?: number }>(
  `query AdminScheduledJobs($limit: Int) { scheduledJobs(limit: $limit) { ${JOB} } }`,
);

export const schedulePublicationDocument = document<{ schedulePublication: ScheduledJob }, Target & { action: ScheduleAction; at: string }>(
  `mutation AdminSchedulePublication($collection: String!, $id: Int!, $action: String!, $at: DateTimeISO!) {
    schedulePublication(collection: $collection, id: $id, action: $action, at: $at) { ${JOB} }
  }`,
);

export const rescheduleJobDocument = document<{ rescheduleJob: ScheduledJob }, { id: string; at: string }>(
  `mutation AdminRescheduleJob($id: ID!, $at: DateTimeISO!) { rescheduleJob(id: $id, at: $at) { ${JOB} } }`,
);

export const cancelScheduledJobDocument = document<{ cancelScheduledJob: boolean }, { id: string }>(
  `mutation AdminCancelScheduledJob($id: ID!) { cancelScheduledJob(id: $id) }`,
);

export const previewLinksDocument = document<{ previewLinks: PreviewLink[] }, Target>(
  `query AdminPreviewLinks($collection: String!, $id: Int!) { previewLinks(collection: $collection, id: $id) { ${LINK} } }`,
);

export const createPreviewLinkDocument = document<{ createPreviewLink: PreviewLink }, Target & { days?: number }>(
  `mutation AdminCreatePreviewLink($collection: String!, $id: Int!, $days: Int) {
    createPreviewLink(collection: $collection, id: $id, days: $days) { url ${LINK} }
  }`,
);

export const revokePreviewLinkDocument = document<{ revokePreviewLink: boolean }, { id: string }>(
  `mutation AdminRevokePreviewLink($id: ID!) { revokePreviewLink(id: $id) }`,
);

/** Every document above, for the schema check. */
export const WORKFLOW_DOCUMENTS = [
  publicationDocument,
  reviewQueueDocument,
  publishDocument,
  unpublishDocument,
  discardDraftDocument,
  submitForReviewDocument,
  siteTimeZoneDocument,
  scheduledJobsDocument,
  schedulePublicationDocument,
  rescheduleJobDocument,
  cancelScheduledJobDocument,
  previewLinksDocument,
  createPreviewLinkDocument,
  revokePreviewLinkDocument,
];
