import { ActivityLog } from '../activity/activity-log.entity.js';
import { LoginThrottle } from '../auth/login-throttle.entity.js';
import { SessionRow } from '../auth/session.entity.js';
import { SignInAddress } from '../auth/sign-in-address.entity.js';
import { Passkey } from '../auth/factors/passkey.entity.js';
import { RecoveryCode } from '../auth/factors/recovery-code.entity.js';
import { AuthPolicy } from '../auth/sign-in/auth-policy.entity.js';
import { KnownBrowser } from '../auth/sign-in/known-browser.entity.js';
import { SpentNonce } from '../auth/sign-in/spent-nonce.entity.js';
import { User } from '../auth/user.entity.js';
import { ContentHistory } from '../content/history/content-history.entity.js';
import { ContentDraft } from '../content/publication/content-draft.entity.js';
import { collections, singletons } from '../content/registry.js';
import { ContentRevision } from './content-revision.entity.js';
import { PreviewLink } from '../preview/preview-link.entity.js';
import { ScheduledJob } from '../jobs/scheduled-job.entity.js';
import { SlugRedirectSchema } from '../content/pages/slug-redirect.entity.js';
import { webhookEntities } from '../webhooks/webhook.entities.js';
import { EdgePurge } from '../edge/edge-purge.entity.js';
import { MailOutboxEntry } from '../mail/mail-outbox.entity.js';
import { enquiryEntities } from '../enquiries/enquiry.entity.js';
import { declareContentTriggers, type ContentTable } from './content-triggers.js';

/** The tables the public pages show: every write to them moves the content revision and queues webhook events. */
export const contentTables: readonly ContentTable[] = [...collections, ...singletons].map((entry) => ({
  table: entry.type.table,
  collection: entry.path,
  schema: entry.schema,
}));
for (const table of contentTables) declareContentTriggers(table);

/** Every table the app owns; migrations are generated from these. */
export const entities = [
  User,
  SessionRow,
  LoginThrottle,
  SignInAddress,
  Passkey,
  RecoveryCode,
  AuthPolicy,
  KnownBrowser,
  SpentNonce,
  ...collections.map((c) => c.schema),
  ...singletons.map((s) => s.schema),
  ContentRevision,
  ...webhookEntities,
  EdgePurge,
  ContentHistory,
  ContentDraft,
  ActivityLog,
  PreviewLink,
  ScheduledJob,
  SlugRedirectSchema,
  ...enquiryEntities,
  MailOutboxEntry,
];
