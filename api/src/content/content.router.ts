import { Router, type Request } from 'express';
import { callerOf } from '../auth/session.js';
import { BadRequest, NotFound } from '../shared/errors.js';
import { emOf } from '../shared/request-context.js';
import { contentHistory, restoreRevision, undoDelete, undoDeleteMany } from './history/history.service.js';
import { changedFields } from './history/changed-fields.js';
import type { ContentHistory } from './history/content-history.entity.js';
import { parseListOptions, TOTAL_COUNT_HEADER } from './list-options.js';
import { collections, singletons, type CollectionDefinition, type SingletonDefinition } from './registry.js';

// The REST surface of every content type, generated from the registry. Handlers only translate
// HTTP to service calls; rules and permissions live in the services.

export function contentRouter(): Router {
  const router = Router();
  for (const definition of collections) mountCollection(router, definition);
  for (const definition of singletons) mountSingleton(router, definition);
  return router;
}

function mountCollection(router: Router, { path, service, filters, listing }: CollectionDefinition): void {
  router.get(`/${path}`, async (req, res) => {
    const { items, total } = await service.listWithTotal(emOf(req), parseListOptions(req.query as Record<string, unknown>, filters, listing));
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    res.json(items);
  });
  router.get(`/${path}/:id`, async (req, res) => {
    res.json(await service.get(emOf(req), idOf(req)));
  });
  router.post(`/admin/${path}`, async (req, res) => {
    res.status(201).json(await service.create(emOf(req), req.body, callerOf(req)));
  });
  router.put(`/admin/${path}/:id`, async (req, res) => {
    res.json(await service.update(emOf(req), idOf(req), req.body, callerOf(req), expectedVersionOf(req)));
  });
  // Bulk actions: { ids: [...] } (1..500), one transaction each; undo per record (restore-many).
  router.post(`/admin/${path}/delete-many`, async (req, res) => {
    res.json({ deleted: await service.removeMany(emOf(req), bodyOf(req).ids, callerOf(req)) });
  });
  if (filters.length > 0) {
    router.post(`/admin/${path}/update-many`, async (req, res) => {
      const { ids, ...values } = bodyOf(req);
      res.json(await service.updateFlags(emOf(req), ids, values, callerOf(req)));
    });
  }
  router.post(`/admin/${path}/restore-many`, async (req, res) => {
    res.json({ restored: await undoDeleteMany(emOf(req), path, bodyOf(req).ids, callerOf(req)) });
  });
  router.delete(`/admin/${path}/:id`, async (req, res) => {
    await service.remove(emOf(req), idOf(req), callerOf(req));
    res.status(204).end();
  });
  router.post(`/admin/${path}/:id/move`, async (req, res) => {
    // ?return=record: only the moved record (a long list is not sent back whole).
    if (req.query.return === 'record') res.json(await service.place(emOf(req), idOf(req), toIndexOf(req), callerOf(req)));
    else res.json(await service.move(emOf(req), idOf(req), toIndexOf(req), callerOf(req)));
  });
  mountHistory(router, path);
}

/** History of a record, and restore: `{ revisionId }` restores that entry; no body undoes the latest delete. */
function mountHistory(router: Router, path: string): void {
  router.get(`/admin/${path}/:id/history`, async (req, res) => {
    const paging = parseListOptions(req.query as Record<string, unknown>, []);
    res.json((await contentHistory(emOf(req), path, idOf(req), callerOf(req), paging)).map(historyJson));
  });
  router.post(`/admin/${path}/:id/restore`, async (req, res) => {
    const revisionId = (req.body as { revisionId?: unknown } | undefined)?.revisionId;
    if (revisionId !== undefined && !(Number.isSafeInteger(revisionId) && (revisionId as number) > 0)) {
      throw new BadRequest('revisionId must be the id of a history entry');
    }
    const entry =
      revisionId === undefined
        ? await undoDelete(emOf(req), path, idOf(req), callerOf(req))
        : await restoreRevision(emOf(req), revisionId as number, callerOf(req), { collection: path, recordId: idOf(req) });
    res.json(historyJson(entry));
  });
}

const historyJson = (entry: ContentHistory) => ({
  id: entry.id,
  collection: entry.collection,
  recordId: entry.recordId,
  action: entry.action,
  username: entry.username ?? null,
  at: entry.at,
  changed: changedFields(entry),
  before: entry.before ?? null,
  after: entry.after ?? null,
});

/** A JSON object body (a bulk action's); anything else reads as an empty one (its fields then fail their checks). */
function bodyOf(req: Request): Record<string, unknown> {
  const body = req.body as unknown;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function toIndexOf(req: Request): number {
  const toIndex = (req.body as { toIndex?: unknown } | undefined)?.toIndex;
  if (typeof toIndex !== 'number' || !Number.isSafeInteger(toIndex) || toIndex < 0 || toIndex > 100_000) {
    throw new BadRequest('toIndex must be a whole number from 0');
  }
  return toIndex;
}

function mountSingleton(router: Router, { path, service, typeName }: SingletonDefinition): void {
  router.get(`/${path}`, async (req, res) => {
    const record = await service.get(emOf(req));
    if (!record) throw new NotFound(`No ${typeName} record yet`);
    res.json(record);
  });
  router.put(`/admin/${path}/:id`, async (req, res) => {
    res.json(await service.update(emOf(req), idOf(req), req.body, callerOf(req), expectedVersionOf(req)));
  });
  mountHistory(router, path);
}

/** Record ids are positive integers; anything else names no record. */
function idOf(req: Request): number {
  const raw = String(req.params.id);
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new NotFound();
  return id;
}

/**
 * `If-Match: <version>` (or the quoted `"<version>"`, optionally weak `W/"<version>"`): the version the
 * client read; a stale one gets 412. Absent or `*`: no check. Anything else is a malformed request.
 */
function expectedVersionOf(req: Request): number | undefined {
  const header = req.get('if-match')?.trim();
  if (header === undefined || header === '' || header === '*') return undefined;
  const match = /^(?:W\/)?(?:"(\d{1,10})"|(\d{1,10}))$/.exec(header);
  const version = match ? Number(match[1] ?? match[2]) : NaN;
  if (!Number.isSafeInteger(version) || version < 1 || version > 2_147_483_647) {
    throw new BadRequest('If-Match must be the version of the record, e.g. If-Match: "3"');
  }
  return version;
}
