import type { EntityManager } from '@mikro-orm/postgresql';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import { logActivity, type ActivityKind } from '../activity/activity.js';
import type { Caller } from '../auth/caller.js';
import { requirePermission } from '../auth/permissions.js';
import type { User } from '../auth/user.entity.js';
import { NotFound } from '../shared/errors.js';
import { COLUMNS, ORDER, parseInboxFilter, parseInboxQuery, viewOf, whereOf, type EnquiryView, type InboxFilter, type Row } from './inbox-query.js';

// The inbox of enquiries (the `enquiries` permission: admins): a page of them newest first,
// searched and filtered by status, one by id (reading marks nothing), the counts for the badge,
// marking handled or not, a soft delete and its undo, and every one in batches for the CSV
// export. GraphQL (inbox.resolver.ts) and REST (inbox.routes.ts) call these. Every change is an
// activity entry written in its transaction; the client's hash never leaves the table.
//
// Each read is one range of an index: the non-deleted rows by (created_at, id), and the unread
// and handled ones each by their own partial index (Migration20261206181500_inbox_indexes); a
// search adds the trigram (or short-term grams) condition on exactly the search index's expression.

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

/** Deletes an enquiry softly (restoreEnquiry undoes it; retention removes it SOFT_DELETE_DAYS later, enquiry-retention.ts). Unknown or deleted already: NotFound. */
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
