import type { EntityManager } from '@mikro-orm/postgresql';
import { requireAdmin } from '../../auth/auth.service.js';
import type { Caller } from '../../auth/caller.js';
import { NotFound } from '../../shared/errors.js';
import { recordHistory, snapshotOf } from '../collection.service.js';
import { validateInput } from '../fields.js';
import { collections, singletons } from '../registry.js';
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

/** The record's changes, newest first. */
export async function contentHistory(em: EntityManager, collection: string, id: number, caller: Caller): Promise<ContentHistory[]> {
  await requireAdmin(em, caller);
  definitionOf(collection);
  return em.find(ContentHistory, { collection, recordId: id }, { orderBy: { id: 'desc' }, limit: 200 });
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
