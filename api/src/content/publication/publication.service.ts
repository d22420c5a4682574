import type { EntityManager } from '@mikro-orm/postgresql';
import { editableFields } from '@consulting/model';
import { requirePermission, type Permission } from '../../auth/permissions.js';
import type { Caller } from '../../auth/caller.js';
import type { User } from '../../auth/user.entity.js';
import { BadRequest, NotFound } from '../../shared/errors.js';
import { validateInput } from '../fields.js';
import { settleSlug, slugTargetOf } from '../pages/slugs.js';
import { recordHistory, snapshotOf } from '../history/record-history.js';
import { lastPlace } from '../ordering.js';
import { definitionOf } from '../registry.js';
import { ContentDraft } from './content-draft.entity.js';
import { forgetRecords, isScheduler, type Actor } from './publication.js';
import { editableValues, findDraft, findLive, publicationReads, stale, stateOf, type Row } from './publication-reads.js';

export { labelOf } from './publication-reads.js';

// The editorial workflow of every content type: drafts beside the published records, publishing
// and unpublishing, review requests. The content tables keep exactly what is published, so the
// public reads, the read cache and the triggers (cache revision, webhooks) see a publication as
// the insert or update of a row and an unpublication as its delete, and nothing of a draft.

/** The signed-in user allowed `permission`, or null for the scheduler. */
const whoMay = (em: EntityManager, actor: Actor, permission: Permission): Promise<User | null> =>
  isScheduler(actor) ? Promise.resolve(null) : requirePermission(em, actor, permission);

const edited = (draft: ContentDraft, user: User | null) => {
  draft.updatedAt = new Date();
  draft.updatedBy = user?.id ?? null;
  draft.updatedByName = user?.username ?? 'scheduler';
};

/**
 * A draft's values: the input checked as a draft. A field the input leaves out keeps what the
 * record has (`base`: its draft, else its published values); a record not on the site that was
 * given no place keeps none (null: it goes last, or back where it was, when published).
 */
function draftValues(path: string, input: unknown, base: Record<string, unknown> | null): Record<string, unknown> {
  const values = validateInput(editableFields(definitionOf(path).type), input, 'draft');
  const given = input as Record<string, unknown>;
  for (const key of Object.keys(values)) {
    if (given[key] !== undefined) continue;
    if (base && key in base) values[key] = base[key];
    else if (key === 'displayOrder') values[key] = null;
  }
  return values;
}

export const publication = {
  /** Saves the editor's values as the record's draft (checked, possibly incomplete); the site does not change. */
  saveDraft: (outer: EntityManager, path: string, id: number, input: unknown, caller: Caller, expectedDraftVersion?: number) =>
    outer.transactional(async (em) => {
      const user = await requirePermission(em, caller, 'content.draft');
      const { type } = definitionOf(path);
      const checked = validateInput(editableFields(type), input, 'draft');
      // A slug the draft names must be free when it is saved, not only when it is published.
      await settleSlug(em, slugTargetOf(type, editableFields(type)), checked, id, undefined, { make: false });
      const draft = await findDraft(em, path, id, true);
      const live = await findLive(em, path, id);
      if (!live && !draft) throw new NotFound(`${definitionOf(path).type.labels.entity} not found`);
      if (draft && expectedDraftVersion !== undefined && draft.version !== expectedDraftVersion) throw stale(draft);
      const before = draft?.values ?? (live && editableValues(path, live));
      const values = draftValues(path, input, before);
      const saved =
        draft ?? em.create(ContentDraft, { collection: path, recordId: id, values, live: true, wasPublished: true, baseVersion: live!.version });
      if (draft) {
        draft.values = values;
        draft.version += 1;
      }
      edited(saved, user);
      await em.flush();
      recordHistory(em, path, 'draft', user, id, before, values);
      await em.flush();
      return stateOf(path, id, live, saved);
    }),

  /** Starts a record that is not on the site: its id comes from its table now and never changes. */
  createDraft: (outer: EntityManager, path: string, input: unknown, caller: Caller) =>
    outer.transactional(async (em) => {
      const user = await requirePermission(em, caller, 'content.draft');
      const { type } = definitionOf(path);
      if (type.kind !== 'collection') throw new BadRequest(`${type.labels.entity} cannot be created`);
      const values = draftValues(path, input, null);
      await settleSlug(em, slugTargetOf(type, editableFields(type)), { ...values }, null, undefined, { make: false });
      const [{ id }] = await em.execute<{ id: number }[]>(`select nextval(pg_get_serial_sequence(?, 'id'))::int as id`, [`"${type.table}"`]);
      const draft = em.create(ContentDraft, { collection: path, recordId: id, values, live: false, wasPublished: false });
      edited(draft, user);
      await em.flush();
      recordHistory(em, path, 'draft', user, id, null, values);
      await em.flush();
      return stateOf(path, id, null, draft);
    }),

  /**
   * Drops the draft: a record on the site goes back to its published state; one that never was is
   * gone. An unpublished record's draft is all that is left of it: only a publisher may drop it.
   */
  discardDraft: (outer: EntityManager, path: string, id: number, caller: Caller) =>
    outer.transactional(async (em) => {
      const user = await requirePermission(em, caller, 'content.draft');
      definitionOf(path); // an unknown collection is not found, before any query names it
      const draft = await findDraft(em, path, id, true);
      if (!draft) throw new NotFound('There is no draft to discard');
      if (!draft.live && draft.wasPublished) await requirePermission(em, caller, 'content.publish');
      const live = await findLive(em, path, id);
      recordHistory(em, path, 'discard', user, id, draft.values, live && editableValues(path, live));
      em.remove(draft);
      await em.flush();
      // A record that was only a draft is gone: nothing is left to schedule.
      if (!live) await forgetRecords(em, path, [id]);
    }),

  /**
   * Puts the draft on the site, checked as strictly as a Save (ValidationFailed naming what is
   * missing): an update of the live record, or the record's insert (at its old place when it was
   * unpublished, else last). Ends the draft. A record without a draft that is on the site: nothing to do.
   */
  publish: (outer: EntityManager, path: string, id: number, actor: Actor) =>
    outer.transactional(async (em) => {
      const user = await whoMay(em, actor, 'content.publish');
      const definition = definitionOf(path);
      const draft = await findDraft(em, path, id, true);
      const live = await findLive(em, path, id);
      if (!draft) {
        if (!live) throw new NotFound(`${definition.type.labels.entity} not found`);
        return stateOf(path, id, live, null);
      }
      const rules = editableFields(definition.type);
      let record: Row;
      let before: Record<string, unknown> | null = null;
      const slugs = slugTargetOf(definition.type, rules);
      if (live) {
        before = snapshotOf(live);
        const values = validateInput(rules, draft.values, 'update');
        await settleSlug(em, slugs, values, id, before);
        em.assign(live, values as never);
        record = live;
      } else {
        const values = validateInput(rules, draft.values, 'create');
        await settleSlug(em, slugs, values, id);
        const table = definition.type.table;
        await em.execute(`lock table "${table}" in share row exclusive mode`);
        // Where the editor put it, else where it was before it was unpublished, else last.
        const place = (draft.values.displayOrder as number | null | undefined) ?? draft.displayOrder ?? (await lastPlace(em, table));
        record = em.create(definition.entity, {
          ...values,
          id,
          ...(definition.type.kind === 'collection' && { displayOrder: place }),
          ...(definition.type.createdAt && { createdAt: draft.recordCreatedAt ?? new Date() }),
        } as never) as Row;
      }
      em.remove(draft);
      await em.flush();
      recordHistory(em, path, 'publish', user, id, before, record);
      await em.flush();
      return stateOf(path, id, record, null);
    }),

  /** Takes a record off the site without deleting it: its values (and any pending changes) stay as its draft. */
  unpublish: (outer: EntityManager, path: string, id: number, actor: Actor) =>
    outer.transactional(async (em) => {
      const user = await whoMay(em, actor, 'content.publish');
      const { type } = definitionOf(path);
      if (type.kind !== 'collection') throw new BadRequest(`${type.labels.entity} cannot be taken off the site`);
      const live = await findLive(em, path, id);
      const pending = await findDraft(em, path, id, true);
      if (!live) {
        if (pending) return stateOf(path, id, null, pending);
        throw new NotFound(`${type.labels.entity} not found`);
      }
      const draft = pending ?? em.create(ContentDraft, { collection: path, recordId: id, values: editableValues(path, live), live: false, wasPublished: true });
      draft.live = false;
      draft.wasPublished = true;
      draft.displayOrder = live.displayOrder ?? null;
      draft.recordCreatedAt = live.createdAt ?? null;
      if (!pending) edited(draft, user);
      recordHistory(em, path, 'unpublish', user, id, live, null);
      em.remove(live);
      await em.flush();
      return stateOf(path, id, null, draft);
    }),

  /** Asks for the draft to be reviewed: it shows on the dashboard's "Waiting for review" until published or discarded. */
  submitForReview: (outer: EntityManager, path: string, id: number, caller: Caller) =>
    outer.transactional(async (em) => {
      const user = await requirePermission(em, caller, 'content.draft');
      definitionOf(path);
      const draft = await findDraft(em, path, id, true);
      if (!draft) throw new NotFound('Save a draft before submitting it for review');
      draft.submittedAt = new Date();
      draft.submittedByName = user.username;
      recordHistory(em, path, 'submit', user, id, draft.values, draft.values);
      await em.flush();
      return stateOf(path, id, await findLive(em, path, id), draft);
    }),

  ...publicationReads,
};
