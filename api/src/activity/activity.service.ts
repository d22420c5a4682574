import type { EntityManager } from '@mikro-orm/postgresql';
import { FORBIDDEN_CONTROL_CHARACTERS } from '@consulting/model';
import type { Caller } from '../auth/caller.js';
import { requirePermission } from '../auth/permissions.js';
import { ValidationFailed, type FieldError } from '../shared/errors.js';
import { ACTIVITY_KINDS, MAX_USERNAME_LENGTH } from './activity.js';

// Reading the activity log (the `activity` permission): a filtered page, newest first, with the
// total, for the admin screen (GraphQL `activity`, REST GET /api/admin/activity); and every
// filtered entry in batches for the CSV export.

/** One entry as the admin reads it (the address hash and account id stay in the table). */
export interface ActivityEntryView {
  id: string;
  at: Date;
  username: string | null;
  kind: string;
  collection: string | null;
  recordId: number | null;
  summary: string;
  details: Record<string, unknown> | null;
}

export interface ActivityFilter {
  username?: string;
  /** The kinds asked for (one kind, a group's kinds, or several); absent: every kind. */
  kinds?: string[];
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export const DEFAULT_ACTIVITY_PAGE = 50;
export const MAX_ACTIVITY_PAGE = 200;
const MAX_OFFSET = 2_147_483_647;
/** Most kinds or groups one `kind` filter may list (comma-separated). */
const MAX_KIND_TERMS = 30;

/**
 * The kinds a `kind` filter names: a kind (`sign-in`), a group written as the start of its kinds
 * ending in `.` or `-` (`content.`, `sign-`), or several of these separated by commas. Null when a
 * term names no kind.
 */
export function kindsOf(raw: string): string[] | null {
  const terms = raw.split(',').map((term) => term.trim()).filter(Boolean);
  if (terms.length === 0 || terms.length > MAX_KIND_TERMS) return null;
  const kinds = new Set<string>();
  for (const term of terms) {
    const named = (ACTIVITY_KINDS as readonly string[]).includes(term)
      ? [term]
      : /[.-]$/.test(term)
        ? ACTIVITY_KINDS.filter((kind) => kind.startsWith(term))
        : [];
    if (named.length === 0) return null;
    named.forEach((kind) => kinds.add(kind));
  }
  return [...kinds];
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function instantOf(raw: unknown, field: string, errors: FieldError[]): Date | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const date = raw instanceof Date ? raw : typeof raw === 'string' && ISO_INSTANT.test(raw.trim()) ? new Date(raw.trim()) : null;
  if (!date || Number.isNaN(date.getTime())) {
    errors.push({ field, message: `${field} must be a date and time (ISO 8601, e.g. 2026-11-24T09:00:00Z)` });
    return undefined;
  }
  return date;
}

function wholeNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw === 'string' && /^\d{1,10}$/.test(raw)) return Number(raw);
  return null;
}

/** Reads the filter's arguments (REST query strings or GraphQL arguments; null and '' mean absent), adding what is wrong to `errors`. */
function readFilter(raw: Readonly<Record<string, unknown>>, errors: FieldError[]): ActivityFilter {
  const filter: ActivityFilter = {};
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';
  if (given(raw.username)) {
    const username = typeof raw.username === 'string' ? raw.username.trim() : null;
    if (username === null || username.length > MAX_USERNAME_LENGTH || FORBIDDEN_CONTROL_CHARACTERS.test(username)) {
      errors.push({ field: 'username', message: `username must be text of at most ${MAX_USERNAME_LENGTH} characters` });
    } else if (username) filter.username = username;
  }
  if (given(raw.kind)) {
    const kinds = typeof raw.kind === 'string' ? kindsOf(raw.kind) : null;
    if (!kinds) errors.push({ field: 'kind', message: "kind must name kinds of entry (sign-in, content.update, ...) or groups ending in '.' or '-' (content., sign-), separated by commas" });
    else filter.kinds = kinds;
  }
  const from = instantOf(raw.from, 'from', errors);
  const to = instantOf(raw.to, 'to', errors);
  if (from) filter.from = from;
  if (to) filter.to = to;
  if (from && to && from > to) errors.push({ field: 'to', message: 'to must not be before from' });
  return filter;
}

/** The filter of raw arguments (username, kind, from, to). Throws ValidationFailed with a message per bad one. */
export function parseActivityFilter(raw: Readonly<Record<string, unknown>>): ActivityFilter {
  const errors: FieldError[] = [];
  const filter = readFilter(raw, errors);
  if (errors.length > 0) throw new ValidationFailed(errors);
  return filter;
}

/** The filter and the page (limit 1..MAX_ACTIVITY_PAGE, default DEFAULT_ACTIVITY_PAGE; offset 0 or more). Throws ValidationFailed. */
export function parseActivityQuery(raw: Readonly<Record<string, unknown>>): ActivityFilter & { limit: number; offset: number } {
  const errors: FieldError[] = [];
  const filter = readFilter(raw, errors);
  let limit = DEFAULT_ACTIVITY_PAGE;
  let offset = 0;
  if (raw.limit !== undefined && raw.limit !== null && raw.limit !== '') {
    const value = wholeNumber(raw.limit);
    if (value === null || value < 1 || value > MAX_ACTIVITY_PAGE) errors.push({ field: 'limit', message: `limit must be a whole number from 1 to ${MAX_ACTIVITY_PAGE}` });
    else limit = value;
  }
  if (raw.offset !== undefined && raw.offset !== null && raw.offset !== '') {
    const value = wholeNumber(raw.offset);
    if (value === null || value < 0 || value > MAX_OFFSET) errors.push({ field: 'offset', message: 'offset must be a whole number, 0 or more' });
    else offset = value;
  }
  if (errors.length > 0) throw new ValidationFailed(errors);
  return { ...filter, limit, offset };
}

/** SQL conditions and their parameters for a filter (each uses an index of activity_log). */
function whereOf(filter: ActivityFilter): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.username !== undefined) {
    conditions.push('username = ?');
    params.push(filter.username);
  }
  if (filter.kinds !== undefined) {
    conditions.push(`kind in (${filter.kinds.map(() => '?').join(', ')})`);
    params.push(...filter.kinds);
  }
  if (filter.from !== undefined) {
    conditions.push('at >= ?');
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    conditions.push('at < ?');
    params.push(filter.to);
  }
  return { sql: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '', params };
}

interface Row {
  id: string;
  at: Date | string;
  username: string | null;
  kind: string;
  collection: string | null;
  record_id: number | null;
  summary: string;
  details: Record<string, unknown> | string | null;
}

// The id as text (a bigint); ORDER BY names the table's columns, not these (text ids would sort 10 before 9).
const COLUMNS = 'id::text as id, at, username, kind, collection, record_id, summary, details';

const viewOf = (row: Row): ActivityEntryView => ({
  id: row.id,
  at: row.at instanceof Date ? row.at : new Date(row.at),
  username: row.username,
  kind: row.kind,
  collection: row.collection,
  recordId: row.record_id,
  summary: row.summary,
  details: typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
});

/** A page of the entries the filter selects, newest first, and how many it selects in all. */
export async function activityPage(
  em: EntityManager,
  caller: Caller,
  raw: Readonly<Record<string, unknown>>,
): Promise<{ items: ActivityEntryView[]; total: number }> {
  await requirePermission(em, caller, 'activity');
  const query = parseActivityQuery(raw);
  const where = whereOf(query);
  const connection = em.getConnection();
  const rows = await connection.execute<Row[]>(
    `select ${COLUMNS} from activity_log ${where.sql} order by activity_log.at desc, activity_log.id desc limit ? offset ?`,
    [...where.params, query.limit, query.offset],
  );
  const [{ total }] = await connection.execute<{ total: string }[]>(`select count(*) as total from activity_log ${where.sql}`, where.params);
  return { items: rows.map(viewOf), total: Number(total) };
}

/** Most entries one CSV export holds (the newest of the filter). */
export const MAX_EXPORT_ROWS = 100_000;
/** Entries read per query while exporting (memory stays bounded whatever the export's size). */
export const EXPORT_BATCH = 1_000;

/**
 * Every entry the filter selects, newest first, at most MAX_EXPORT_ROWS, read in batches of
 * EXPORT_BATCH by keyset (at, id) so each query is one range of an index. The caller's permission
 * is checked and the filter parsed before the first entry (so a refusal is an answer, not a broken file).
 */
export async function activityExport(
  em: EntityManager,
  caller: Caller,
  raw: Readonly<Record<string, unknown>>,
  limit = MAX_EXPORT_ROWS,
): Promise<{ total: number; entries: AsyncGenerator<ActivityEntryView[]> }> {
  await requirePermission(em, caller, 'activity');
  const filter = parseActivityFilter(raw);
  const where = whereOf(filter);
  const connection = em.getConnection();
  const [{ total }] = await connection.execute<{ total: string }[]>(`select count(*) as total from activity_log ${where.sql}`, where.params);
  async function* batches(): AsyncGenerator<ActivityEntryView[]> {
    let left = Math.min(limit, Number(total));
    let after: { at: Date | string; id: string } | null = null;
    while (left > 0) {
      const keyset: string = after ? `${where.sql ? `${where.sql} and` : 'where'} (at, id) < (?::timestamptz, ?::bigint)` : where.sql;
      const params: unknown[] = after ? [...where.params, after.at, after.id] : where.params;
      const rows: Row[] = await connection.execute<Row[]>(
        `select ${COLUMNS}, at::text as at_key from activity_log ${keyset} order by activity_log.at desc, activity_log.id desc limit ?`,
        [...params, Math.min(EXPORT_BATCH, left)],
      );
      if (rows.length === 0) return;
      const last = rows[rows.length - 1] as Row & { at_key: string };
      after = { at: last.at_key, id: last.id };
      left -= rows.length;
      yield rows.map(viewOf);
    }
  }
  return { total: Number(total), entries: batches() };
}
