import type { EntityManager } from '@mikro-orm/postgresql';
import { requirePermission } from '../../auth/permissions.js';
import { endDraft, endDrafts } from '../publication/publication.js';
import type { Caller } from '../../auth/caller.js';
import { NotFound } from '../../shared/errors.js';
import { recordHistory, snapshotOf } from './record-history.js';
import { validateInput } from '../fields.js';
import { settleSlug, slugTargetOf } from '../pages/slugs.js';
import { parseIds, type ListOptions } from '../list-options.js';
import { collections, definitionOf, singletons } from '../registry.js';
import { changedFields } from './changed-fields.js';
import { ContentHistory, type HistoryAction } from './content-history.entity.js';
import type { RequiredEntityData } from '@mikro-orm/core';
import { editableFields } from '@consulting/model';

// History and restore of content records (admins only). A restore is an ordinary write: the
// content model's validation, a version bump, the revision trigger (public caches follow) and a
// history entry of its own, all in one transaction.

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
  await requirePermission(em, caller, 'content.draft');
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
    const user = await requirePermission(em, caller, 'content.publish');
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
      const values = validateInput(rules, input, 'update');
      // The old state's address, unless another record has taken it since: then a new one.
      await settleSlug(em, slugTargetOf(definition.type, rules), values, entry.recordId, before, { whenTaken: 'make' });
      em.assign(record, values as never);
      await em.flush();
      recordHistory(em, entry.collection, 'restore', user, entry.recordId, before, record);
    } else {
      if (!('displayOrder' in rules)) throw new NotFound('Record not found');
      const restored = await recreate(em, definition, entry.recordId, state);
      await em.flush();
      recordHistory(em, entry.collection, 'restore', user, entry.recordId, null, restored);
    }
    // A restore publishes: the record's draft, if any, ends.
    await endDraft(em, entry.collection, entry.recordId);
    await em.flush();
    return em.findOneOrFail(ContentHistory, { collection: entry.collection, recordId: entry.recordId }, { orderBy: { id: 'desc' } });
  });
}

/** A deleted record as its history recorded it, with its id, place and creation time (added to the unit of work). */
async function recreate(em: EntityManager, definition: ReturnType<typeof definitionOf>, id: number, state: Record<string, unknown>): Promise<object> {
  const rules = editableFields(definition.type);
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(rules)) if (key in state) input[key] = state[key];
  const values = validateInput(rules, input, 'create');
  await settleSlug(em, slugTargetOf(definition.type, rules), values, id, undefined, { whenTaken: 'make' });
  return em.create(definition.entity, {
    ...values,
    id,
    ...(typeof state.createdAt === 'string' && { createdAt: new Date(state.createdAt) }),
    // Back as it was (an undo): its page's last change is the one it had.
    ...(typeof state.updatedAt === 'string' && { updatedAt: new Date(state.updatedAt) }),
  } as never);
}

/**
 * Undo of a bulk delete: restores each record's latest delete, all in one transaction, each with
 * its 'restore' entry (as undoDelete). A record that is there or whose latest entry is not a
 * delete: NotFound naming it, nothing restored. Returns how many were restored.
 */
export async function undoDeleteMany(outer: EntityManager, collection: string, rawIds: unknown, caller: Caller): Promise<number> {
  return outer.transactional(async (em) => {
    const user = await requirePermission(em, caller, 'content.publish');
    const definition = definitionOf(collection);
    const ids = parseIds(rawIds);
    if (!('displayOrder' in editableFields(definition.type))) throw new NotFound('Nothing to undo');
    // Each record's latest entry only (one range of the (collection, record_id, id) index each).
    const latestIds = await em
      .getConnection()
      .execute<{ id: number }[]>(
        `select distinct on (record_id) id from content_history where collection = ? and record_id in (?) order by record_id, id desc`,
        [collection, ids],
      );
    const latest = await em.find(ContentHistory, { id: { $in: latestIds.map((row) => row.id) } });
    const deletes = new Map(latest.map((entry) => [entry.recordId, entry]));
    const present = new Set((await em.find(definition.entity, { id: { $in: ids } } as never, { fields: ['id'] as never })).map((r) => (r as { id: number }).id));
    const nothing = ids.filter((id) => present.has(id) || deletes.get(id)?.action !== 'delete' || !deletes.get(id)?.before);
    if (nothing.length > 0) throw new NotFound(`Nothing to undo: ${nothing.slice(0, 10).join(', ')}${nothing.length > 10 ? ', ...' : ''}`);
    const restored: object[] = [];
    for (const id of ids) restored.push(await recreate(em, definition, id, deletes.get(id)!.before!));
    await em.flush();
    ids.forEach((id, i) => recordHistory(em, collection, 'restore', user, id, null, restored[i]));
    await endDrafts(em, collection, ids);
    await em.flush();
    return ids.length;
  });
}

/** Undo of a delete: restores the record's latest delete (NotFound when it was never deleted or is back). */
export async function undoDelete(em: EntityManager, collection: string, id: number, caller: Caller): Promise<ContentHistory> {
  await requirePermission(em, caller, 'content.publish');
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
  await em.flush(); // the caller's own writes first: they are what is listed
  for (const { path, entity } of [...collections, ...singletons]) {
    // A batch at a time in id order, outside the identity map, its entries inserted directly: the
    // memory it takes is one batch's, whatever the size of the table.
    for (let after = 0; ; ) {
      const records = await em.find(entity, { id: { $gt: after } } as never, {
        orderBy: { id: 'asc' } as never,
        limit: UNLISTED_BATCH,
        disableIdentityMap: true,
      });
      if (records.length === 0) break;
      const ids = records.map((record) => (record as { id: number }).id);
      after = ids[ids.length - 1];
      const rows = await em.getConnection().execute<{ record_id: number; after: Record<string, unknown> | null }[]>(
        'select distinct on (record_id) record_id, after from content_history where collection = ? and record_id between ? and ? order by record_id, id desc',
        [path, ids[0], after],
      );
      const latest = new Map(rows.map((row) => [row.record_id, row.after]));
      const entries: RequiredEntityData<ContentHistory>[] = [];
      for (const record of records) {
        const state = snapshotOf(record);
        const id = (record as { id: number }).id;
        const before = latest.get(id) ?? null;
        const action: HistoryAction = latest.has(id) && before ? 'update' : 'create';
        if (action === 'update' && changedFields({ before, after: state }).length === 0) continue;
        entries.push({ collection: path, recordId: id, action, userId: null, username: null, before: action === 'create' ? null : before, after: state });
      }
      if (entries.length > 0) await em.insertMany(ContentHistory, entries);
      if (records.length < UNLISTED_BATCH) break;
    }
  }
}

/** Records recordUnlistedChanges reads at a time. */
const UNLISTED_BATCH = 500;
