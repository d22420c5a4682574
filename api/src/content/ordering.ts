import { DISPLAY_ORDER_RANGE } from '@consulting/model';
import type { EntityManager } from '@mikro-orm/postgresql';

// Where a moved record goes, in SQL, without reading or rewriting the whole table.
//
// A list's order is (display_order, id). A small list (at most DENSE_ORDER_LIMIT records) is
// renumbered 1..n by one statement on every move, as it always was: what editors see in the
// Display Order column stays 1, 2, 3... A longer list keeps gaps between display orders: a move
// gives the moved record a value between its new neighbours (one row). When there is no whole
// number left between them, the rows of a window around the target (8 on each side, doubling
// until the window has room, at worst the whole table) are spread evenly by one statement, so a
// spot that runs out of room costs a few rows, and the whole table only when it is packed tight
// everywhere (a long list numbered 1..n by hand or by an import, on its first move). Records
// added to a long list go last with a gap before them (lastPlace), so a list grown by creates
// has room from the start.
// Display orders stay inside the range a form accepts (DISPLAY_ORDER_RANGE), so every record can
// still be saved as read.

/** Lists of at most this many records are renumbered 1..n on a move (one statement). */
export const DENSE_ORDER_LIMIT = 200;
/** The gap a long list's records get when they are spread (and a move to either end steps by). */
export const ORDER_GAP = 16;
const MIN = DISPLAY_ORDER_RANGE.min;
const MAX = DISPLAY_ORDER_RANGE.max;
/** Rows on each side of the target of the first window tried when a gap has run out. */
const FIRST_WINDOW = 8;

interface Row {
  id: number;
  display_order: number;
}

const before = (a: Row, b: Row) => a.display_order < b.display_order || (a.display_order === b.display_order && a.id < b.id);

export interface MoveOutcome {
  /** Rows whose display order changed (the moved one included). */
  changed: number;
}

/**
 * Puts record `id` (already read: `current`) at the 0-based `toIndex` of `table`'s order. The
 * caller holds the lock that makes moves take turns, inside the move's transaction.
 */
export async function placeRecord(em: EntityManager, table: string, current: Row, toIndex: number): Promise<MoveOutcome> {
  const t = `"${table}"`;
  if (!(await isLong(em, t))) return renumberDensely(em, t, current.id, toIndex);
  return placeSparsely(em, t, current, toIndex);
}

/** More than DENSE_ORDER_LIMIT records (counted no further than that). */
async function isLong(em: EntityManager, t: string): Promise<boolean> {
  const [{ n }] = await em.execute<{ n: number }[]>(`select count(*)::int as n from (select 1 from ${t} order by display_order, id limit ${DENSE_ORDER_LIMIT + 1}) s`);
  return n > DENSE_ORDER_LIMIT;
}

/**
 * The display order of a record added last: the last one's + 1 in a short list, + ORDER_GAP in a
 * long one (so moves find gaps there too), never past the end of the range (a tie there still
 * sorts last: ties go by id).
 */
export async function lastPlace(em: EntityManager, table: string): Promise<number> {
  const t = `"${table}"`;
  const [last] = await em.execute<Row[]>(`select id, display_order from ${t} order by display_order desc, id desc limit 1`);
  if (!last) return 1;
  return Math.min(last.display_order + ((await isLong(em, t)) ? ORDER_GAP : 1), MAX);
}

/** One statement: the others keep their relative order, numbered 1..n around the moved record. */
async function renumberDensely(em: EntityManager, t: string, id: number, toIndex: number): Promise<MoveOutcome> {
  const result = await em.execute<{ affectedRows: number }>(
    `with others as (select id, row_number() over (order by display_order, id) as rn from ${t} where id <> ?),
     placed as (
       select id, (case when rn <= ? then rn else rn + 1 end)::int as pos from others
       union all select ?, least(?::int, (select count(*) from others)::int) + 1
     )
     update ${t} set display_order = placed.pos, version = ${t}.version + 1
     from placed where ${t}.id = placed.id and ${t}.display_order <> placed.pos`,
    [id, toIndex, id, toIndex],
    'run',
  );
  return { changed: result.affectedRows };
}

/** The rows at positions [from, from + count) of the order without the moved record. */
function rowsAt(em: EntityManager, t: string, id: number, from: number, count: number): Promise<Row[]> {
  return em.execute<Row[]>(`select id, display_order from ${t} where id <> ? order by display_order, id limit ? offset ?`, [id, count, from]);
}

async function placeSparsely(em: EntityManager, t: string, current: Row, toIndex: number): Promise<MoveOutcome> {
  const id = current.id;
  // The neighbours at the target: `prev` ends up just before the record, `next` just after.
  let k = toIndex;
  let [prev, next] = k === 0 ? [undefined, ...(await rowsAt(em, t, id, 0, 1))] : await rowsAt(em, t, id, k - 1, 2);
  if (k > 0 && prev === undefined) {
    // Past the end: the last place.
    const [last] = await em.execute<Row[]>(`select id, display_order from ${t} where id <> ? order by display_order desc, id desc limit 1`, [id]);
    prev = last;
    next = undefined;
    const [{ others }] = await em.execute<{ others: number }[]>(`select count(*)::int as others from ${t} where id <> ?`, [id]);
    k = others;
  }
  if ((!prev || before(prev, current)) && (!next || before(current, next))) return { changed: 0 };

  const value = between(prev?.display_order, next?.display_order);
  if (value !== null) {
    await em.execute(`update ${t} set display_order = ?, version = version + 1 where id = ?`, [value, id], 'run');
    return { changed: 1 };
  }
  for (let w = FIRST_WINDOW; ; w *= 2) {
    const from = Math.max(k - w - 1, 0);
    const rows = await rowsAt(em, t, id, from, k + w + 1 - from);
    const at = (position: number) => (position >= from ? rows[position - from] : undefined);
    const lower = k - w - 1 >= 0 ? at(k - w - 1) : undefined;
    const upper = at(k + w);
    const window = rows.slice(Math.max(k - w, 0) - from, k + w - from);
    const insertAt = Math.min(k, from + rows.length) - Math.max(k - w, 0);
    const ids = window.map((r) => r.id);
    ids.splice(insertAt, 0, id);
    const values = spread(lower?.display_order, upper?.display_order, ids.length);
    if (values === null) {
      if (lower === undefined && upper === undefined) throw new Error(`${t}: more records than display orders`);
      continue;
    }
    const result = await em.execute<{ affectedRows: number }>(
      `update ${t} set display_order = placed.pos, version = ${t}.version + 1
       from (select unnest(?::int[]) as id, unnest(?::int[]) as pos) placed
       where ${t}.id = placed.id and ${t}.display_order <> placed.pos`,
      [arrayLiteral(ids), arrayLiteral(values)],
      'run',
    );
    return { changed: result.affectedRows };
  }
}

/** A PostgreSQL array literal of whole numbers ('{1,2,3}'), a parameter cast to int[]. */
const arrayLiteral = (numbers: readonly number[]) => `{${numbers.join(',')}}`;

/** A whole number strictly between two neighbours' orders (a missing one: the end of the list), or null. */
function between(low: number | undefined, high: number | undefined): number | null {
  if (low === undefined && high === undefined) return null;
  if (low === undefined) return high! - 1 >= MIN ? Math.max(MIN, high! - ORDER_GAP) : null;
  if (high === undefined) return low + 1 <= MAX ? Math.min(MAX, low + ORDER_GAP) : null;
  return high - low >= 2 ? low + Math.floor((high - low) / 2) : null;
}

/**
 * `count` increasing orders strictly between `low` and `high` (missing: the end of the range),
 * at least 2 apart so the spot has room again afterwards; null when they do not fit. Towards an
 * open end they are ORDER_GAP apart (room is left for what comes later).
 */
function spread(low: number | undefined, high: number | undefined, count: number): number[] | null {
  let step: number;
  let start: number;
  if (low !== undefined && high !== undefined) {
    step = Math.floor((high - low) / (count + 1));
    start = low;
  } else if (low !== undefined) {
    step = Math.min(ORDER_GAP, Math.floor((MAX - low) / count));
    start = low;
  } else if (high !== undefined) {
    step = Math.min(ORDER_GAP, Math.floor((high - MIN) / count));
    start = high - step * (count + 1);
  } else {
    // The whole list: from ORDER_GAP up when it fits, else centred in the range.
    step = Math.min(ORDER_GAP, Math.floor((MAX - MIN) / (count + 1)));
    start = step * count <= MAX ? 0 : MIN - 1 + Math.floor((MAX - MIN + 2 - step * (count + 1)) / 2);
    if (step < 1) return null;
    return Array.from({ length: count }, (_, i) => start + step * (i + 1));
  }
  if (step < 2) return null;
  return Array.from({ length: count }, (_, i) => start + step * (i + 1));
}
