import { MAX_LIST_LIMIT, sharedDescriptions } from '@consulting/model';
import { callerOf } from '../auth/session.js';
import { errors, idOf, idParameter, json, jsonBody, ref } from '../http/doc-parts.js';
import { ADMIN_API_ROOT, adminApiRoute, type Route } from '../http/route.js';
import { BadRequest } from '../shared/errors.js';
import { emOf } from '../shared/request-context.js';
import { changedFields } from './history/changed-fields.js';
import type { ContentHistory } from './history/content-history.entity.js';
import { contentHistory, HISTORY_PAGE, restoreRevision, undoDelete } from './history/history.service.js';
import { parseListOptions } from './list-options.js';

// History of a record, and restore, for collections and singletons alike: `{ revisionId }`
// restores that entry; no body undoes the latest delete (collections only).

export const historyJson = (entry: ContentHistory) => ({
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

export function historyRoutes(path: string, typeName: string, tags: string[], undoDeletes: boolean): Route[] {
  const entry = ref('ContentHistoryEntry');
  const revision = { type: 'object', properties: { revisionId: { type: 'integer', minimum: 1, description: 'The id of the history entry to go back to.' } }, required: ['revisionId'] };
  return [
    adminApiRoute({
      method: 'GET',
      path: `${ADMIN_API_ROOT}/${path}/:id/history`,
      access: 'content.draft',
      doc: {
        tags,
        operationId: `history${typeName}`,
        summary: `The changes of a ${typeName}, newest first.`,
        parameters: [
          idParameter,
          { name: 'limit', in: 'query', required: false, description: `Return at most this many entries (1 to ${MAX_LIST_LIMIT}). Absent: ${HISTORY_PAGE}.`, schema: { type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT } },
          { name: 'offset', in: 'query', required: false, description: sharedDescriptions.offset, schema: { type: 'integer', minimum: 0 } },
        ],
        responses: { 200: json({ type: 'array', items: entry }, 'The history entries.'), ...errors(400, 401) },
      },
      serve: () => async (req, res) => {
        const paging = parseListOptions(req.query as Record<string, unknown>, []);
        res.json((await contentHistory(emOf(req), path, idOf(req), callerOf(req), paging)).map(historyJson));
      },
    }),
    adminApiRoute({
      method: 'POST',
      path: `${ADMIN_API_ROOT}/${path}/:id/restore`,
      access: 'content.publish',
      doc: {
        tags,
        operationId: `restore${typeName}`,
        summary: undoDeletes
          ? `With { revisionId }: brings the ${typeName} back to the state that history entry recorded. Without a body: undoes its latest delete (same id and place).`
          : `Brings the ${typeName} back to the state the history entry { revisionId } recorded.`,
        parameters: [idParameter],
        requestBody: jsonBody(revision, !undoDeletes),
        responses: { 200: json(entry, 'The history entry of the restore.'), ...errors(400, 401, 403, 404) },
      },
      serve: () => async (req, res) => {
        const revisionId = (req.body as { revisionId?: unknown } | undefined)?.revisionId;
        if (revisionId !== undefined && !(Number.isSafeInteger(revisionId) && (revisionId as number) > 0)) {
          throw new BadRequest('revisionId must be the id of a history entry');
        }
        const restored =
          revisionId === undefined
            ? await undoDelete(emOf(req), path, idOf(req), callerOf(req))
            : await restoreRevision(emOf(req), revisionId as number, callerOf(req), { collection: path, recordId: idOf(req) });
        res.json(historyJson(restored));
      },
    }),
  ];
}
