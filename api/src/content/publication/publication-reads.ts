import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { editableFields } from '@consulting/model';
import { requirePermission } from '../../auth/permissions.js';
import type { Caller } from '../../auth/caller.js';
import { BadRequest, NotFound, StaleVersion } from '../../shared/errors.js';
import { snapshotOf } from '../history/record-history.js';
import { definitionOf } from '../registry.js';
import { ContentDraft } from './content-draft.entity.js';
import type { Publication } from './publication.js';

// What the editorial workflow reads: a record's state, the pages of drafts, the review queue and
// the record a preview shows; and the pieces its writes (publication.service.ts) share.

export type Row = Record<string, unknown> & { id: number; version: number; displayOrder?: number; createdAt?: Date };

export const MAX_PAGE = 200;

export const findLive = (em: EntityManager, path: string, id: number): Promise<Row | null> =>
  Number.isSafeInteger(id) && id > 0 ? (em.findOne(definitionOf(path).entity, id as never) as Promise<Row | null>) : Promise.resolve(null);

export const findDraft = (em: EntityManager, path: string, id: number, lock = false): Promise<ContentDraft | null> =>
  Number.isSafeInteger(id) && id > 0
    ? em.findOne(ContentDraft, { collection: path, recordId: id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {})
    : Promise.resolve(null);

/** The editable fields of a record (what a draft holds). */
export function editableValues(path: string, record: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(editableFields(definitionOf(path).type))) values[key] = record[key] ?? null;
  return JSON.parse(JSON.stringify(values)) as Record<string, unknown>;
}

/** What a record is called in a list: its first searchable field, else its first text field, else the type's name. */
export function labelOf(path: string, values: Record<string, unknown> | null): string {
  const { type } = definitionOf(path);
  if (type.kind === 'singleton') return type.labels.entity;
  const field = type.listing?.search[0] ?? Object.entries(type.fields).find(([, f]) => f.kind === 'text')?.[0];
  const value = field ? values?.[field] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : `Untitled ${type.labels.entity.toLowerCase()}`;
}

export function stateOf(path: string, recordId: number, live: Row | null, draft: ContentDraft | null): Publication {
  const state = live ? (draft ? 'CHANGED' : 'PUBLISHED') : draft?.wasPublished ? 'UNPUBLISHED' : 'DRAFT';
  return {
    collection: path,
    recordId,
    state,
    live: live !== null,
    hasDraft: draft !== null,
    draftVersion: draft?.version ?? null,
    values: draft?.values ?? null,
    label: labelOf(path, draft?.values ?? live),
    updatedAt: draft?.updatedAt ?? null,
    updatedBy: draft?.updatedByName ?? null,
    submittedAt: draft?.submittedAt ?? null,
    submittedBy: draft?.submittedByName ?? null,
  };
}

export const stale = (draft: ContentDraft) =>
  new StaleVersion(draft.version, { changedBy: draft.updatedByName ?? null, changedAt: draft.updatedAt.toISOString() }, 'Someone else saved this draft since you opened it');

/** Checks paging: limit 1..200 (default 50), offset from 0. */
export function paging(options: { limit?: number | null; offset?: number | null }): { limit: number; offset: number } {
  const limit = options.limit ?? 50;
  const offset = options.offset ?? 0;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE) throw new BadRequest(`limit must be a whole number from 1 to ${MAX_PAGE}`);
  if (!Number.isSafeInteger(offset) || offset < 0) throw new BadRequest('offset must be a whole number from 0');
  return { limit, offset };
}

export const publicationReads = {
  /** A record's place in the workflow: NotFound when it is neither on the site nor a draft. */
  async get(em: EntityManager, path: string, id: number, caller: Caller): Promise<Publication> {
    await requirePermission(em, caller, 'content.draft');
    const [live, draft] = [await findLive(em, path, id), await findDraft(em, path, id)];
    if (!live && !draft) throw new NotFound(`${definitionOf(path).type.labels.entity} not found`);
    return stateOf(path, id, live, draft);
  },

  /** The states of records on the site (a page of an admin list), in one query. No permission check: for field resolvers behind one. */
  async statesOf(em: EntityManager, path: string, records: readonly Record<string, unknown>[]): Promise<Map<number, Publication>> {
    const ids = records.map((record) => record.id as number);
    const drafts = ids.length === 0 ? [] : await em.find(ContentDraft, { collection: path, recordId: { $in: ids } });
    const byId = new Map(drafts.map((draft) => [draft.recordId, draft]));
    return new Map(records.map((record) => [record.id as number, stateOf(path, record.id as number, record as Row, byId.get(record.id as number) ?? null)]));
  },

  /** A collection's records that are not on the site (never published or unpublished), most recently edited first. */
  async notOnSite(em: EntityManager, path: string, caller: Caller, options: { limit?: number | null; offset?: number | null } = {}) {
    await requirePermission(em, caller, 'content.draft');
    definitionOf(path);
    const { limit, offset } = paging(options);
    const [drafts, total] = await em.findAndCount(ContentDraft, { collection: path, live: false }, { orderBy: { updatedAt: 'desc', recordId: 'desc' }, limit, offset });
    return { items: drafts.map((draft) => stateOf(path, draft.recordId, null, draft)), total };
  },

  /** Drafts submitted for review, across collections, oldest request first. */
  async reviewQueue(em: EntityManager, caller: Caller, options: { limit?: number | null } = {}): Promise<Publication[]> {
    await requirePermission(em, caller, 'content.draft');
    const { limit } = paging(options);
    const drafts = await em.find(ContentDraft, { submittedAt: { $ne: null } }, { orderBy: { submittedAt: 'asc' }, limit });
    const states: Publication[] = [];
    for (const draft of drafts) {
      const live = draft.live ? await findLive(em, draft.collection, draft.recordId) : null;
      states.push(stateOf(draft.collection, draft.recordId, live, draft));
    }
    return states;
  },

  /**
   * The record as the public site would show it with its draft applied (for a preview): the live
   * record's fields, the draft's values over them (an empty one keeps the live value), and for a
   * record not on the site its place (or last) and creation time. Null when there is no such record.
   */
  async previewRecord(em: EntityManager, path: string, id: number): Promise<{ record: Record<string, unknown>; live: boolean } | null> {
    const [live, draft] = [await findLive(em, path, id), await findDraft(em, path, id)];
    if (!live && !draft) return null;
    const base: Record<string, unknown> = live
      ? snapshotOf(live)
      : { id, displayOrder: draft!.displayOrder ?? Number.MAX_SAFE_INTEGER, version: 0, ...(definitionOf(path).type.createdAt && { createdAt: (draft!.recordCreatedAt ?? draft!.createdAt).toISOString() }) };
    for (const [key, value] of Object.entries(draft?.values ?? {})) if (value !== null || !(key in base)) base[key] = value;
    return { record: base, live: live !== null };
  },
};
