import { createHmac, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { HistoryAction } from '../content/history/content-history.entity.js';
import { persistentSecret } from '../shared/secrets.js';
import { ActivityLog } from './activity-log.entity.js';

// The activity log: who did what and when. Every writer calls logActivity with the EntityManager
// of its change, so the entry is flushed in the same transaction (a change that rolls back leaves
// no entry). Reading it is activity.service.ts; removing old entries is pruneActivity.

/** Content history actions: each history entry is also an activity entry `content.<action>`. */
export const CONTENT_ACTIONS = ['create', 'update', 'delete', 'restore', 'move', 'draft', 'discard', 'publish', 'unpublish', 'submit'] as const satisfies readonly HistoryAction[];
// Every HistoryAction is listed above (a new one fails to compile here until it is added).
const everyHistoryAction: Exclude<HistoryAction, (typeof CONTENT_ACTIONS)[number]> extends never ? true : never = true;
void everyHistoryAction;

/** Every kind of entry, grouped by what comes before the dot. */
export const ACTIVITY_KINDS = [
  'sign-in',
  'sign-out',
  'sign-in-failed',
  'sign-in.new-browser',
  ...CONTENT_ACTIONS.map((action) => `content.${action}` as const),
  'content.schedule',
  'content.unschedule',
  'job.late',
  'account.create',
  'account.delete',
  'account.role',
  'account.password',
  'account.totp',
  'account.passkey',
  'account.recovery-codes',
  'account.second-factor-reset',
  'account.sessions',
  'account.policy',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'enquiry.handle',
  'enquiry.unhandle',
  'enquiry.delete',
  'enquiry.restore',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const isActivityKind = (value: unknown): value is ActivityKind => typeof value === 'string' && (ACTIVITY_KINDS as readonly string[]).includes(value);

/** Who acted: an account, the scheduler, or nobody signed in (a failed sign-in names the username tried in `details`). */
export type ActivityActor = { id: string; username: string } | 'scheduler' | null;

export interface ActivityEntry {
  kind: ActivityKind;
  actor: ActivityActor;
  /** What happened, in words (`Updated News article “Launch”`). */
  summary: string;
  /** The content type's REST path, when the entry is about a record. */
  collection?: string;
  recordId?: number;
  /** The client's address as it came: only its keyed hash is stored. */
  address?: string;
  details?: Record<string, unknown>;
  /** For an entry without an account (a failed sign-in): the username tried. */
  username?: string;
}

/** Longest summary and username kept (a title or a username tried can be long; the log stays readable). */
export const MAX_SUMMARY_LENGTH = 500;
export const MAX_USERNAME_LENGTH = 200;

let addressKey: Buffer | null = null;

/**
 * The key of the address hash: derived from SESSION_SECRET when one is configured (every instance
 * shares it), else a secret kept in DATA_DIR like the session secret's. Set once at start (app.ts).
 */
export function configureActivityLog(config: { sessionSecret: string | null; dataDir: string }): void {
  addressKey = config.sessionSecret
    ? createHmac('sha256', config.sessionSecret).update('activity-log address hash').digest()
    : Buffer.from(persistentSecret(config.dataDir, 'activityAddressKey'), 'base64url');
}

/**
 * HMAC-SHA256 (hex) of a client address: the same address gives the same hash (failed sign-ins
 * from one place can be told apart from many), but the address cannot be read back or guessed
 * by hashing every IPv4 address without the key. Before configureActivityLog (a CLI, a unit
 * test) the key is random for the process: still never the address.
 */
export function hashAddress(address: string): string {
  addressKey ??= randomBytes(32);
  return createHmac('sha256', addressKey).update(address).digest('hex');
}

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Adds the entry to the unit of work of `em`: it is written by the change's own flush (same transaction). */
export function logActivity(em: EntityManager, entry: ActivityEntry): void {
  const { actor } = entry;
  const username = actor === 'scheduler' ? 'scheduler' : (actor?.username ?? entry.username ?? null);
  em.create(ActivityLog, {
    kind: entry.kind,
    userId: actor && actor !== 'scheduler' ? actor.id : null,
    username: username === null ? null : clip(username, MAX_USERNAME_LENGTH),
    summary: clip(entry.summary, MAX_SUMMARY_LENGTH),
    collection: entry.collection ?? null,
    recordId: entry.recordId ?? null,
    addressHash: entry.address === undefined ? null : hashAddress(entry.address),
    details: entry.details ?? null,
  });
}

/** How many entries one pruning statement removes (short transactions; the log stays writable meanwhile). */
export const PRUNE_BATCH = 5000;

/**
 * Removes the entries older than `olderThanDays` days, in batches of PRUNE_BATCH (each its own
 * statement), and returns how many went. The scheduler's retention job runs it daily.
 */
export async function pruneActivity(em: EntityManager, olderThanDays: number): Promise<number> {
  if (!Number.isInteger(olderThanDays) || olderThanDays < 1) throw new RangeError('olderThanDays must be a whole number of days, at least 1');
  const connection = em.getConnection();
  const context = em.getTransactionContext();
  let removed = 0;
  for (;;) {
    const result = await connection.execute<{ affectedRows: number }>(
      `delete from activity_log where id in (
         select id from activity_log where at < now() - make_interval(days => ?) order by at, id limit ?)`,
      [olderThanDays, PRUNE_BATCH],
      'run',
      context,
    );
    removed += result.affectedRows;
    if (result.affectedRows < PRUNE_BATCH) return removed;
  }
}
