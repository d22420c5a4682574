import type { EntityManager } from '@mikro-orm/postgresql';
import { BIDI_CONTROL_CHARACTERS, enquiryServiceLabel, FORBIDDEN_CONTROL_CHARACTERS, SEARCH_COUNT_LIMIT } from '@consulting/model';
import { logActivity, type ActivityKind } from '../activity/activity.js';
import type { Caller } from '../auth/caller.js';
import { requirePermission } from '../auth/permissions.js';
import type { User } from '../auth/user.entity.js';
import { containsPattern } from '../content/list-query.js';
import { searchGrams } from '../content/search-sql.js';
import { NotFound, ValidationFailed, type FieldError } from '../shared/errors.js';
import { ENQUIRY_SEARCH } from './enquiry.entity.js';

// The inbox of enquiries (the `enquiries` permission: admins): a page of them newest first,
// searched and filtered by status, one by id (reading marks nothing), the counts for the badge,
// marking handled or not, a soft delete and its undo, and every one in batches for the CSV
// export. GraphQL (inbox.resolver.ts) and REST (inbox.routes.ts) call these. Every change is an
// activity entry written in its transaction; the client's hash never leaves the table.
//
// Each read is one range of an index: the non-deleted rows by (created_at, id), and the unread
// and handled ones each by their own partial index (Migration20261206181500_inbox_indexes); a
// search adds the trigram (or short-term grams) condition on exactly the search index's expression.

/** An enquiry as the inbox shows it (no client hash, no deletion time). */
export interface EnquiryView {
  id: number;
  createdAt: Date;
  name: string;
  email: string;
  organisation: string | null;
  service: string;
  serviceLabel: string;
  message: string;
  consentText: string;
  handledAt: Date | null;
  handledBy: string | null;
}

export const ENQUIRY_STATUSES = ['ALL', 'UNREAD', 'HANDLED'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/** Longest search term, in characters, after trimming (as the content lists'). */
export const MAX_SEARCH_LENGTH = 100;
const MAX_OFFSET = 2_147_483_647;

export interface InboxFilter {
  status: EnquiryStatus;
  /** Trimmed, 1..MAX_SEARCH_LENGTH characters; absent: no search. */
  search?: string;
}

export interface InboxQuery extends InboxFilter {
  page: number;
  perPage: number;
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

function wholeNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim())) return Number(raw.trim());
  return null;
}

function readFilter(raw: Readonly<Record<string, unknown>>, errors: FieldError[]): InboxFilter {
  const filter: InboxFilter = { status: 'ALL' };
  if (given(raw.status)) {
    const status = typeof raw.status === 'string' ? raw.status.trim().toUpperCase() : null;
    if (!status || !(ENQUIRY_STATUSES as readonly string[]).includes(status)) errors.push({ field: 'status', message: `status must be one of: ${ENQUIRY_STATUSES.join(', ')}` });
    else filter.status = status as EnquiryStatus;
  }
  if (given(raw.search)) {
    if (typeof raw.search !== 'string') errors.push({ field: 'search', message: 'search must be text' });
    else {
      const term = raw.search.trim();
      if ([...term].length > MAX_SEARCH_LENGTH) errors.push({ field: 'search', message: `search must be at most ${MAX_SEARCH_LENGTH} characters` });
      else if (FORBIDDEN_CONTROL_CHARACTERS.test(term) || BIDI_CONTROL_CHARACTERS.test(term)) errors.push({ field: 'search', message: 'search must not contain control characters' });
      else if (term !== '') filter.search = term;
    }
  }
  return filter;
}

/** The filter of raw arguments (status, search). Throws ValidationFailed with a message per bad one. */
export function parseInboxFilter(raw: Readonly<Record<string, unknown>>): InboxFilter {
  const errors: FieldError[] = [];
  const filter = readFilter(raw, errors);
  if (errors.length > 0) throw new ValidationFailed(errors, 'Invalid inbox parameters');
  return filter;
}

/** The filter and the page (page from 1; perPage 1..MAX_PER_PAGE, default DEFAULT_PER_PAGE). Throws ValidationFailed. */
export function parseInboxQuery(raw: Readonly<Record<string, unknown>>): InboxQuery {
  const errors: FieldError[] = [];
  const filter = readFilter(raw, errors);
  let page = 1;
  let perPage = DEFAULT_PER_PAGE;
  if (given(raw.perPage)) {
    const value = wholeNumber(raw.perPage);
    if (value === null || value < 1 || value > MAX_PER_PAGE) errors.push({ field: 'perPage', message: `perPage must be a whole number from 1 to ${MAX_PER_PAGE}` });
    else perPage = value;
  }
  if (given(raw.page)) {
    const value = wholeNumber(raw.page);
    if (value === null || value < 1 || (value - 1) * perPage > MAX_OFFSET) errors.push({ field: 'page', message: 'page must be a whole number from 1' });
    else page = value;
  }
  if (errors.length > 0) throw new ValidationFailed(errors, 'Invalid inbox parameters');
  return { ...filter, page, perPage };
}

/** Whether pg_trgm has trigrams to look a term up by (as the content lists decide, list-query.ts). */
const hasTrigrams = (term: string) => /[\p{L}\p{N}]{3}/u.test(term);

/**
 * The SQL conditions of a filter, each written exactly as an index's predicate or expression:
 * the status as the partial indexes' WHERE, the search as the trigram index's expression (and,
 * for a term without trigrams, the grams index's).
 */
function whereOf(filter: InboxFilter): { sql: string; params: unknown[] } {
  const conditions = ['"deleted_at" is null'];
  const params: unknown[] = [];
  if (filter.status === 'UNREAD') conditions.push('"handled_at" is null');
  if (filter.status === 'HANDLED') conditions.push('"handled_at" is not null');
  if (filter.search !== undefined) {
    conditions.push(`${ENQUIRY_SEARCH} ilike ?`);
    params.push(containsPattern(filter.search));
    if (!hasTrigrams(filter.search)) {
      conditions.push(`${searchGrams(ENQUIRY_SEARCH)} @> ${searchGrams('?::text')}`);
      params.push(filter.search, filter.search, filter.search);
    }
  }
  return { sql: `where ${conditions.join(' and ')}`, params };
}

interface Row {
  id: number;
  created_at: Date | string;
  name: string;
  email: string;
  organisation: string | null;
  service: string;
  message: string;
  consent_text: string;
  handled_at: Date | string | null;
  handled_by: string | null;
}

/** The columns an inbox reads: never client_hash. */
const COLUMNS = 'id, created_at, name, email, organisation, service, message, consent_text, handled_at, handled_by';
const ORDER = 'order by "enquiries"."created_at" desc, "enquiries"."id" desc';

const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));

const viewOf = (row: Row): EnquiryView => ({
  id: row.id,
  createdAt: dateOf(row.created_at),
  name: row.name,
  email: row.email,
  organisation: row.organisation,
  service: row.service,
  serviceLabel: enquiryServiceLabel(row.service),
  message: row.message,
  consentText: row.consent_text,
  handledAt: row.handled_at === null ? null : dateOf(row.handled_at),
  handledBy: row.handled_by,
});

export interface EnquiryPage {
  items: EnquiryView[];
  /** How many the filter selects; with a search, counting stops after SEARCH_COUNT_LIMIT + 1 (that answer means "more"). */
  total: number;
  page: number;
  perPage: number;
}

/**
 * How many enquiries a filter selects. Without a search: exact (an index-only count of a partial
 * index). With one: the first SEARCH_COUNT_LIMIT + 1 matches, newest first, so a term found in
 * nearly every enquiry is counted along the (created_at, id) index and a rare one through the
 * search index, never by reading the table through.
 */
async function countOf(em: EntityManager, filter: InboxFilter): Promise<number> {
  const where = whereOf(filter);
  const sql =
    filter.search === undefined
      ? `select count(*)::int as n from "enquiries" ${where.sql}`
      : `select count(*)::int as n from (select 1 from "enquiries" ${where.sql} ${ORDER} limit ${SEARCH_COUNT_LIMIT + 1}) as matches`;
  const [row] = await em.getConnection().execute<{ n: number }[]>(sql, where.params);
  return row.n;
}

/** A page of the enquiries the filter selects, newest first, and how many it selects. */
export async function inboxPage(em: EntityManager, caller: Caller, raw: Readonly<Record<string, unknown>>): Promise<EnquiryPage> {
  await requirePermission(em, caller, 'enquiries');
  const query = parseInboxQuery(raw);
  const where = whereOf(query);
  const rows = await em
    .getConnection()
    .execute<Row[]>(`select ${COLUMNS} from "enquiries" ${where.sql} ${ORDER} limit ? offset ?`, [...where.params, query.perPage, (query.page - 1) * query.perPage]);
  return { items: rows.map(viewOf), total: await countOf(em, query), page: query.page, perPage: query.perPage };
}

const MAX_ID = 2_147_483_647;
const validId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;

async function rowById(em: EntityManager, id: number, deleted: boolean): Promise<Row | null> {
  if (!validId(id)) return null;
  const rows = await em
    .getConnection()
    .execute<Row[]>(`select ${COLUMNS} from "enquiries" where id = ? and "deleted_at" is ${deleted ? 'not ' : ''}null`, [id], 'all', em.getTransactionContext());
  return rows[0] ?? null;
}

/** One enquiry (not deleted), or null. Reading it marks nothing. */
export async function enquiryById(em: EntityManager, caller: Caller, id: number): Promise<EnquiryView | null> {
  await requirePermission(em, caller, 'enquiries');
  const row = await rowById(em, id, false);
  return row && viewOf(row);
}

/** How many enquiries are unread (not handled) and how many there are, deleted ones left out. */
export async function enquiryCounts(em: EntityManager, caller: Caller): Promise<{ unread: number; total: number }> {
  await requirePermission(em, caller, 'enquiries');
  const [unread, total] = await Promise.all([countOf(em, { status: 'UNREAD' }), countOf(em, { status: 'ALL' })]);
  return { unread, total };
}

/**
 * Runs `sql` (an update returning the row) in a transaction with an activity entry for the row
 * it changed; none changed: no entry, null.
 */
function loggedChange(em: EntityManager, user: User, sql: string, params: unknown[], kind: ActivityKind, summary: (id: number) => string): Promise<Row | null> {
  return em.transactional(async (tx) => {
    const [row] = await tx.getConnection().execute<Row[]>(sql, params, 'all', tx.getTransactionContext());
    if (!row) return null;
    // Who sent it stays out of the log (the enquiry may be removed for privacy; the log keeps longer).
    logActivity(tx, { kind, actor: { id: user.id, username: user.username }, summary: summary(row.id), details: { enquiryId: row.id } });
    return row;
  });
}

/**
 * Marks an enquiry handled (now, by the caller) or unhandled. Marking it as it already is changes
 * nothing (the first handling's time and person stay; no activity entry). Deleted or unknown: NotFound.
 */
export async function markEnquiryHandled(em: EntityManager, caller: Caller, id: number, handled: boolean): Promise<EnquiryView> {
  const user = await requirePermission(em, caller, 'enquiries');
  if (!validId(id)) throw new NotFound('No enquiry with this ID');
  const changed = handled
    ? await loggedChange(
        em,
        user,
        `update "enquiries" set "handled_at" = now(), "handled_by" = ? where id = ? and "deleted_at" is null and "handled_at" is null returning ${COLUMNS}`,
        [user.username, id],
        'enquiry.handle',
        (changedId) => `Marked enquiry #${changedId} handled`,
      )
    : await loggedChange(
        em,
        user,
        `update "enquiries" set "handled_at" = null, "handled_by" = null where id = ? and "deleted_at" is null and "handled_at" is not null returning ${COLUMNS}`,
        [id],
        'enquiry.unhandle',
        (changedId) => `Marked enquiry #${changedId} not handled`,
      );
  const row = changed ?? (await rowById(em, id, false));
  if (!row) throw new NotFound('No enquiry with this ID');
  return viewOf(row);
}

/** Deletes an enquiry softly (restoreEnquiry undoes it; retention removes it after SOFT_DELETE_DAYS). Unknown or deleted already: NotFound. */
export async function deleteEnquiry(em: EntityManager, caller: Caller, id: number): Promise<true> {
  const user = await requirePermission(em, caller, 'enquiries');
  if (!validId(id)) throw new NotFound('No enquiry with this ID');
  const row = await loggedChange(
    em,
    user,
    `update "enquiries" set "deleted_at" = now() where id = ? and "deleted_at" is null returning ${COLUMNS}`,
    [id],
    'enquiry.delete',
    (changedId) => `Deleted enquiry #${changedId}`,
  );
  if (!row) throw new NotFound('No enquiry with this ID');
  return true;
}

/** Brings back a softly deleted enquiry (the undo of deleteEnquiry); one not deleted is answered as it is. Unknown or purged: NotFound. */
export async function restoreEnquiry(em: EntityManager, caller: Caller, id: number): Promise<EnquiryView> {
  const user = await requirePermission(em, caller, 'enquiries');
  if (!validId(id)) throw new NotFound('No enquiry with this ID');
  const restored = await loggedChange(
    em,
    user,
    `update "enquiries" set "deleted_at" = null where id = ? and "deleted_at" is not null returning ${COLUMNS}`,
    [id],
    'enquiry.restore',
    (changedId) => `Restored enquiry #${changedId}`,
  );
  const row = restored ?? (await rowById(em, id, false));
  if (!row) throw new NotFound('No enquiry with this ID');
  return viewOf(row);
}

/** Enquiries read per query while exporting (memory stays bounded whatever the export's size). */
export const EXPORT_BATCH = 1_000;

/**
 * Every enquiry the filter selects (deleted ones left out), newest first, in batches of
 * EXPORT_BATCH by keyset (created_at, id), so each query is one range of an index. The permission
 * is checked and the filter parsed before the first one (a refusal is an answer, not a broken file).
 */
export async function enquiryExport(
  em: EntityManager,
  caller: Caller,
  raw: Readonly<Record<string, unknown>>,
): Promise<AsyncGenerator<EnquiryView[]>> {
  await requirePermission(em, caller, 'enquiries');
  const where = whereOf(parseInboxFilter(raw));
  const connection = em.getConnection();
  async function* batches(): AsyncGenerator<EnquiryView[]> {
    let after: { at: string; id: number } | null = null;
    for (;;) {
      const keyset: string = after ? `${where.sql} and ("created_at", "id") < (?::timestamptz, ?::int)` : where.sql;
      const params: unknown[] = after ? [...where.params, after.at, after.id] : where.params;
      const rows: (Row & { at_key: string })[] = await connection.execute(`select ${COLUMNS}, created_at::text as at_key from "enquiries" ${keyset} ${ORDER} limit ?`, [...params, EXPORT_BATCH]);
      if (rows.length === 0) return;
      const last = rows[rows.length - 1];
      after = { at: last.at_key, id: last.id };
      yield rows.map(viewOf);
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return batches();
}

/** Softly deleted enquiries are removed for good this many days after their deletion. */
export const SOFT_DELETE_DAYS = 30;
/** How many rows one retention statement removes (short transactions; the inbox stays writable meanwhile). */
export const PRUNE_BATCH = 5_000;

/**
 * Removes, in batches of PRUNE_BATCH, the enquiries received more than `retentionDays` days ago
 * and those deleted more than SOFT_DELETE_DAYS days ago, and the spent proof-of-work challenges
 * past their expiry. The scheduler's `enquiry-retention` job runs it daily, in its transaction.
 */
export async function pruneEnquiries(em: EntityManager, retentionDays: number): Promise<{ expired: number; purged: number; challenges: number }> {
  if (!Number.isInteger(retentionDays) || retentionDays < 1) throw new RangeError('retentionDays must be a whole number of days, at least 1');
  const connection = em.getConnection();
  const context = em.getTransactionContext();
  const removeAll = async (select: string, params: unknown[]): Promise<number> => {
    let removed = 0;
    for (;;) {
      const result = await connection.execute<{ affectedRows: number }>(`delete from "enquiries" where id = any(array(${select} limit ?))`, [...params, PRUNE_BATCH], 'run', context);
      removed += result.affectedRows;
      if (result.affectedRows < PRUNE_BATCH) return removed;
    }
  };
  const expired = await removeAll(`select id from "enquiries" where "created_at" < now() - make_interval(days => ?) order by "created_at", id`, [retentionDays]);
  const purged = await removeAll(`select id from "enquiries" where "deleted_at" < now() - make_interval(days => ?) order by "deleted_at", id`, [SOFT_DELETE_DAYS]);
  const challenges = (await connection.execute<{ affectedRows: number }>(`delete from "enquiry_spent_challenges" where "expires_at" < now()`, [], 'run', context)).affectedRows;
  return { expired, purged, challenges };
}
