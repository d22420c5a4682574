import type { EntityManager } from '@mikro-orm/postgresql';
import { requireAdmin } from '../../auth/auth.service.js';
import type { Caller } from '../../auth/caller.js';
import { NotFound } from '../../shared/errors.js';
import { recordHistory, snapshotOf } from '../collection.service.js';
import { validateInput } from '../fields.js';
import type { ListOptions } from '../list-options.js';
import { collections, singletons } from '../registry.js';
import { changedFields } from './changed-fields.js';
import { ContentHistory } from './content-history.entity.js';
import { editableFields } from '@consulting/model';

// History and restore of content records (admins only). A restore is an ordinary write: the
// content model's validation, a version bump, the revision trigger (public caches follow) and a
// history entry of its own, all in one transaction.

function definitionOf(collection: string) {
  const definition = [...collections, ...singletons].find((d) => d.path === collection);
  if (!definition) throw new NotFound(`Unknown collection ${collection}`);
  return definition;
}

/** Entries one history read returns when no limit is given. */
export const HISTORY_PAGE = 200;

/** The record's changes, newest first: HISTORY_PAGE of them unless a limit (and offset) is given. */
export async function contentHistory(
  em: EntityManager,
  collection: string,
  id: number,
  caller: Caller,
  paging: Pick<ListOptions, 'limit' | 'offset'> = {},
): Promise<ContentHistory[]> {
  await requireAdmin(em, caller);
  definitionOf(collection);
  return em.find(ContentHistory, { collection, recordId: id }, { orderBy: { id: 'desc' }, limit: paging.limit ?? HISTORY_PAGE, offset: paging.offset ?? 0 });
}

/**
 * Brings the record back to the state an entry recorded: the state after the change, or for a
 * delete the state before it. A deleted record comes back with its id and display order (same
 * place); a living one keeps its current place and gets the recorded field values.
 */
export async function restoreRevision(
  outer: EntityManager,
  revisionId: number,
  caller: Caller,
  of?: { collection: string; recordId: number },
): Promise<ContentHistory> {
  return outer.transactional(async (em) => {
    const user = await requireAdmin(em, caller);
    const entry = Number.isSafeInteger(revisionId) && revisionId > 0 ? await em.findOne(ContentHistory, revisionId) : null;
    // A REST restore names the record in its path: an entry of another record is not found there.
    if (!entry || (of && (entry.collection !== of.collection || entry.recordId !== of.recordId))) throw new NotFound('Revision not found');
    const state = entry.after ?? entry.before;
    if (!state) throw new NotFound('Revision not found');
    const definition = definitionOf(entry.collection);
    const rules = editableFields(definition.type);
    const input: Record<string, unknown> = {};
    for (const key of Object.keys(rules)) if (key in state) input[key] = state[key];

    const record = await em.findOne(definition.entity, entry.recordId as never);
    if (record) {
      const before = snapshotOf(record);
      delete input.displayOrder;
      em.assign(record, validateInput(rules, input, 'update') as never);
      await em.flush();
      recordHistory(em, entry.collection, 'restore', user, entry.recordId, before, record);
    } else {
      if (!('displayOrder' in rules)) throw new NotFound('Record not found');
      const values = validateInput(rules, input, 'create');
      const restored = em.create(definition.entity, {
        ...values,
        id: entry.recordId,
        ...(typeof state.createdAt === 'string' && { createdAt: new Date(state.createdAt) }),
      } as never);
      await em.flush();
      recordHistory(em, entry.collection, 'restore', user, entry.recordId, null, restored);
    }
    await em.flush();
    return em.findOneOrFail(ContentHistory, { collection: entry.collection, recordId: entry.recordId }, { orderBy: { id: 'desc' } });
  });
}

/** Undo of a delete: restores the record's latest delete (NotFound when it was never deleted or is back). */
export async function undoDelete(em: EntityManager, collection: string, id: number, caller: Caller): Promise<ContentHistory> {
  await requireAdmin(em, caller);
  const definition = definitionOf(collection);
  const latest = await em.findOne(ContentHistory, { collection, recordId: id }, { orderBy: { id: 'desc' } });
  if (!latest || latest.action !== 'delete' || (await em.findOne(definition.entity, id as never))) {
    throw new NotFound('Nothing to undo');
  }
  return restoreRevision(em, latest.id, caller);
}

/**
 * Brings the history up to date with content written outside the services (the first-start and
 * demo seeds): a record with no entry gets a 'create', one whose stored values differ from its
 * latest entry gets an 'update'. Neither has an author (username null: the installation did it).
 * So every record's history starts with its first state, and an editor can go back to it.
 */
export async function recordUnlistedChanges(em: EntityManager): Promise<void> {
  for (const { path, entity } of [...collections, ...singletons]) {
    const records = await em.find(entity, {});
    if (records.length === 0) continue;
    const latest = new Map<number, Record<string, unknown> | null>();
    const rows = await em.getConnection().execute<{ record_id: number; after: Record<string, unknown> | null }[]>(
      'select distinct on (record_id) record_id, after from content_history where collection = ? order by record_id, id desc',
      [path],
    );
    for (const row of rows) latest.set(row.record_id, row.after);
    for (const record of records) {
      const after = snapshotOf(record);
      const id = (record as { id: number }).id;
      const before = latest.get(id) ?? null;
      const action = latest.has(id) && before ? 'update' : 'create';
      if (action === 'update' && changedFields({ before, after }).length === 0) continue;
      em.create(ContentHistory, { collection: path, recordId: id, action, userId: null, username: null, before: action === 'create' ? null : before, after });
    }
  }
  await em.flush();
}
