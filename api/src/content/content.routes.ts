import type { Request } from 'express';
import { callerOf } from '../auth/session.js';
import { bodyOf, errors, expectedVersionOf, idOf, idParameter, ifMatchParameter, json, jsonBody, recordId, ref } from '../http/doc-parts.js';
import { ADMIN_API_ROOT, adminApiRoute, adminRemoveRoute, API_ROOT, publicApiRoute, type Route } from '../http/route.js';
import { BadRequest, NotFound } from '../shared/errors.js';
import { emOf } from '../shared/request-context.js';
import { undoDeleteMany } from './history/history.service.js';
import { historyRoutes } from './history.routes.js';
import { MAX_BULK_IDS } from './list-options.js';
import { listRoute } from './list.routes.js';
import { collections, singletons, type CollectionDefinition, type SingletonDefinition } from './registry.js';

// The REST rows of every content type, generated from the registry. Handlers only translate HTTP
// to service calls; rules and permissions live in the services.

export function contentRoutes(): Route[] {
  return [...collections.flatMap(collectionRoutes), ...singletons.flatMap(singletonRoutes)];
}

/** `PUT <admin>/<path>/:id` of a content type (collections and singletons alike), with If-Match. */
function updateRoute({ path, typeName, type, service }: CollectionDefinition | SingletonDefinition, summary: string): Route {
  return adminApiRoute({
    method: 'PUT',
    access: 'content.publish',
    path: `${ADMIN_API_ROOT}/${path}/:id`,
    doc: {
      tags: [type.labels.plural],
      operationId: `update${typeName}`,
      summary,
      parameters: [idParameter, ifMatchParameter],
      requestBody: jsonBody(ref(`${typeName}Input`)),
      responses: { 200: json(ref(typeName), 'Saved.'), ...errors(400, 401, 403, 404, 412) },
    },
    serve: () => async (req, res) => {
      res.json(await service.update(emOf(req), idOf(req), req.body, callerOf(req), expectedVersionOf(req)));
    },
  });
}

function toIndexOf(body: Record<string, unknown>): number {
  const { toIndex } = body;
  if (typeof toIndex !== 'number' || !Number.isSafeInteger(toIndex) || toIndex < 0 || toIndex > 100_000) {
    throw new BadRequest('toIndex must be a whole number from 0');
  }
  return toIndex;
}

const ids = {
  type: 'array',
  items: { type: 'integer', minimum: 1 },
  minItems: 1,
  maxItems: MAX_BULK_IDS,
  description: `The ids of the records (1 to ${MAX_BULK_IDS}; a repeated id counts once).`,
};
const idsBody = (properties: Record<string, unknown> = {}) => jsonBody({ type: 'object', properties: { ids, ...properties }, required: ['ids'] });

/** A bulk action on `{ ids }` whose answer is how many records it acted on: `{ <counted>: n }`. */
function countingBulkRoute(
  path: string,
  tags: string[],
  operationId: string,
  { summary, counted, meaning, act }: { summary: string; counted: string; meaning: string; act(req: Request): Promise<number> },
): Route {
  return adminApiRoute({
    method: 'POST',
    access: 'content.publish',
    path,
    doc: {
      tags,
      operationId,
      summary,
      requestBody: idsBody(),
      responses: { 200: json({ type: 'object', properties: { [counted]: { type: 'integer', minimum: 1, description: meaning } }, required: [counted] }, meaning), ...errors(400, 401, 403, 404) },
    },
    serve: () => async (req, res) => {
      res.json({ [counted]: await act(req) });
    },
  });
}

function collectionRoutes(definition: CollectionDefinition): Route[] {
  const { path, typeName, type, service, filters } = definition;
  const tags = [type.labels.plural];
  const records = json({ type: 'array', items: ref(typeName) }, 'The records.');
  const admin = `${ADMIN_API_ROOT}/${path}`;
  return [
    listRoute(definition, `${API_ROOT}/${path}`),
    publicApiRoute({
      method: 'GET',
      path: `${API_ROOT}/${path}/:id`,
      cors: true,
      cached: ({ id }) => {
        const found = recordId(id);
        return found === null ? null : { key: `rest /api/${path}/${id}`, read: (em) => service.get(em, found) };
      },
      doc: { tags, operationId: `get${typeName}`, summary: `One ${typeName}.`, parameters: [idParameter], responses: { 200: json(ref(typeName), 'The record.'), ...errors(404, 503) } },
      serve: () => async (req, res) => {
        res.json(await service.get(emOf(req), idOf(req)));
      },
    }),
    adminApiRoute({
      method: 'POST',
      access: 'content.publish',
      path: admin,
      doc: { tags, operationId: `create${typeName}`, summary: `Adds a ${typeName}.`, requestBody: jsonBody(ref(`${typeName}Input`)), responses: { 201: json(ref(typeName), 'Created.'), ...errors(400, 401, 403) } },
      serve: () => async (req, res) => {
        res.status(201).json(await service.create(emOf(req), req.body, callerOf(req)));
      },
    }),
    updateRoute(definition, `Changes a ${typeName}.`),
    // Bulk actions: { ids: [...] } (1..500), one transaction each; undo per record (restore-many).
    countingBulkRoute(`${admin}/delete-many`, tags, `delete${typeName}Many`, {
      summary: `Removes several ${typeName} records in one transaction, each with its own history entry (restore-many undoes it). An unknown id: 404 and nothing is removed.`,
      counted: 'deleted',
      meaning: 'How many records were removed.',
      act: (req) => service.removeMany(emOf(req), bodyOf(req).ids, callerOf(req)),
    }),
    ...(filters.length > 0
      ? [
          adminApiRoute({
            method: 'POST',
            access: 'content.publish',
            path: `${admin}/update-many`,
            doc: {
              tags,
              operationId: `update${typeName}Flags`,
              summary: `Sets ${filters.join(', ')} on several ${typeName} records in one transaction, each change with its own history entry. An unknown id: 404 and nothing changes.`,
              requestBody: idsBody(Object.fromEntries(filters.map((name) => [name, { type: 'boolean', description: `The new ${name} value.` }]))),
              responses: { 200: json({ type: 'array', items: ref(typeName) }, 'The records, in the order of the ids.'), ...errors(400, 401, 403, 404) },
            },
            serve: () => async (req, res) => {
              const { ids: chosen, ...values } = bodyOf(req);
              res.json(await service.updateFlags(emOf(req), chosen, values, callerOf(req)));
            },
          }),
        ]
      : []),
    countingBulkRoute(`${admin}/restore-many`, tags, `restore${typeName}Many`, {
      summary: `Undoes the deletes of several ${typeName} records (same ids and places) in one transaction. A record that is not deleted: 404 and nothing is restored.`,
      counted: 'restored',
      meaning: 'How many records were restored.',
      act: (req) => undoDeleteMany(emOf(req), path, bodyOf(req).ids, callerOf(req)),
    }),
    adminRemoveRoute({
      path: `${admin}/:id`,
      access: 'content.publish',
      tags,
      operationId: `delete${typeName}`,
      summary: `Removes a ${typeName}.`,
      parameters: [idParameter],
      remove: (req) => service.remove(emOf(req), idOf(req), callerOf(req)),
    }),
    adminApiRoute({
      method: 'POST',
      access: 'content.publish',
      path: `${admin}/:id/move`,
      doc: {
        tags,
        operationId: `move${typeName}`,
        summary: `Moves a ${typeName} to a 0-based position; the answer is the whole list in its new order (with ?return=record: only the moved ${typeName}).`,
        parameters: [
          idParameter,
          { name: 'return', in: 'query', required: false, description: `record: answer with the moved ${typeName} only (for long lists). Absent: the whole list.`, schema: { type: 'string', enum: ['record'] } },
        ],
        requestBody: jsonBody({ type: 'object', properties: { toIndex: { type: 'integer', minimum: 0, description: 'The 0-based position to move the record to.' } }, required: ['toIndex'] }),
        responses: {
          200: json({ oneOf: [records.content['application/json'].schema, ref(typeName)] }, 'The records in their new order, or with ?return=record the moved record.'),
          ...errors(400, 401, 403, 404),
        },
      },
      serve: () => async (req, res) => {
        // ?return=record: only the moved record (a long list is not sent back whole).
        const toIndex = toIndexOf(bodyOf(req));
        if (req.query.return === 'record') res.json(await service.place(emOf(req), idOf(req), toIndex, callerOf(req)));
        else res.json(await service.move(emOf(req), idOf(req), toIndex, callerOf(req)));
      },
    }),
    ...historyRoutes(path, typeName, tags, true),
  ];
}

function singletonRoutes(definition: SingletonDefinition): Route[] {
  const { path, typeName, type, service } = definition;
  const tags = [type.labels.plural];
  return [
    publicApiRoute({
      method: 'GET',
      path: `${API_ROOT}/${path}`,
      cors: true,
      cached: () => ({ key: `rest /api/${path}`, read: (em) => service.get(em) }),
      doc: { tags, operationId: `get${typeName}`, summary: type.description, responses: { 200: json(ref(typeName), 'The record.'), ...errors(404, 503) } },
      serve: () => async (req, res) => {
        const record = await service.get(emOf(req));
        if (!record) throw new NotFound(`No ${typeName} record yet`);
        res.json(record);
      },
    }),
    updateRoute(definition, `Changes the ${typeName}.`),
    ...historyRoutes(path, typeName, tags, false),
  ];
}
