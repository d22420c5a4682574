import { editableFields, MAX_LIST_LIMIT, SEARCH_COUNT_LIMIT, sharedDescriptions, type ContentType, type Field } from '@consulting/model';
import { HISTORY_PAGE } from '../content/history/history.service.js';
import { MAX_BULK_IDS, MAX_SEARCH_LENGTH, TOTAL_COUNT_HEADER } from '../content/list-options.js';
import { collections, singletons } from '../content/registry.js';

// The OpenAPI 3.1 document of the whole /api contract, generated: record and input schemas from
// the content model, content routes from the registry (the same loops that mount them,
// content/content.router.ts), and the few other routes (sign-in, upload, this document) from the
// table below. api/test/openapi.test.ts checks it against Express's router stack both ways.

type Json = Record<string, unknown>;

interface Route {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express form: /api/news/:id. */
  path: string;
  operation: Json;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json, description: string) => ({ description, content: { 'application/json': { schema } } });
const error = (description: string, schema = 'Error') => json(ref(schema), description);

const ERRORS = {
  400: error('Invalid input: a message per field.', 'ValidationError'),
  401: error('Not signed in (admin routes).'),
  403: error('Cross-site request refused.'),
  404: error('No such record.'),
  412: error('The record changed since the version in If-Match.', 'StaleVersion'),
  429: error('Too many attempts; see Retry-After.'),
  503: error('The database is unavailable; see Retry-After.'),
  507: error('The server is out of storage space; try again later.'),
};
const pick = (...codes: (keyof typeof ERRORS)[]) => Object.fromEntries(codes.map((c) => [String(c), ERRORS[c]]));

/** The JSON schema of one field's value (as read: optional fields may be null). */
function fieldSchema(field: Field, asRead: boolean): Json {
  const base: Json =
    field.kind === 'wholeNumber'
      ? { type: 'integer', minimum: field.min, maximum: field.max }
      : field.kind === 'flag'
        ? { type: 'boolean' }
        : field.kind === 'choice'
          ? { type: 'string', enum: (field.options ?? []).map((o) => o.value) }
          : { type: 'string', maxLength: field.maxLength, ...(field.kind === 'webAddress' && { format: 'uri' }) };
  const nullable = asRead ? !field.required && field.default === undefined : !field.required;
  if (nullable) base.type = [base.type, 'null'];
  if (field.default !== undefined) base.default = field.default;
  return { ...(field.description && { description: field.description }), ...base };
}

function recordSchema(type: ContentType): Json {
  const properties: Json = { id: { type: 'integer', minimum: 1, description: sharedDescriptions.id } };
  for (const [name, field] of Object.entries(editableFields(type))) properties[name] = fieldSchema(field, true);
  if (type.createdAt) properties.createdAt = { type: 'string', format: 'date-time', description: sharedDescriptions.createdAt };
  properties.version = { type: 'integer', minimum: 1, description: sharedDescriptions.version };
  return { type: 'object', description: type.description, properties, required: Object.keys(properties) };
}

function inputSchema(type: ContentType): Json {
  const fields = editableFields(type);
  const properties = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field, false)]));
  const required = Object.entries(fields)
    .filter(([, f]) => f.required)
    .map(([name]) => name);
  return { type: 'object', description: `The editable fields of a ${type.typeName}. Unknown fields are ignored.`, properties, required };
}

const idParameter = { name: 'id', in: 'path', required: true, description: 'The id of the record.', schema: { type: 'integer', minimum: 1 } };
const ifMatch = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'The version read ("3"): a stale save gets 412 instead of overwriting. Absent or *: no check.',
  schema: { type: 'string' },
};
const admin = { security: [{ session: [] }] };
const totalCountHeader = {
  [TOTAL_COUNT_HEADER]: {
    description: `How many records match the filters in all (whatever limit and offset). With a search, counting stops: at most ${SEARCH_COUNT_LIMIT + 1}, which means more than ${SEARCH_COUNT_LIMIT}.`,
    schema: { type: 'integer', minimum: 0 },
  },
};

/** History and restore of one record (content/content.router.ts mountHistory), for collections and singletons alike. */
function historyRoutes(path: string, typeName: string, tags: string[], undoDelete: boolean): Route[] {
  const entry = ref('ContentHistoryEntry');
  const revision = { type: 'object', properties: { revisionId: { type: 'integer', minimum: 1, description: 'The id of the history entry to go back to.' } }, required: ['revisionId'] };
  return [
    {
      method: 'get',
      path: `/api/admin/${path}/:id/history`,
      operation: {
        tags,
        ...admin,
        operationId: `history${typeName}`,
        summary: `The changes of a ${typeName}, newest first.`,
        parameters: [
          idParameter,
          { name: 'limit', in: 'query', required: false, description: `Return at most this many entries (1 to ${MAX_LIST_LIMIT}). Absent: ${HISTORY_PAGE}.`, schema: { type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT } },
          { name: 'offset', in: 'query', required: false, description: sharedDescriptions.offset, schema: { type: 'integer', minimum: 0 } },
        ],
        responses: { 200: json({ type: 'array', items: entry }, 'The history entries.'), ...pick(400, 401) },
      },
    },
    {
      method: 'post',
      path: `/api/admin/${path}/:id/restore`,
      operation: {
        tags,
        ...admin,
        operationId: `restore${typeName}`,
        summary: undoDelete
          ? `With { revisionId }: brings the ${typeName} back to the state that history entry recorded. Without a body: undoes its latest delete (same id and place).`
          : `Brings the ${typeName} back to the state the history entry { revisionId } recorded.`,
        parameters: [idParameter],
        requestBody: { required: !undoDelete, content: { 'application/json': { schema: revision } } },
        responses: { 200: json(entry, 'The history entry of the restore.'), ...pick(400, 401, 403, 404) },
      },
    },
  ];
}

function collectionRoutes(): Route[] {
  return collections.flatMap(({ path, typeName, type, filters, listing }) => {
    const tags = [type.labels.plural];
    const listParameters = [
      { name: 'limit', in: 'query', required: false, description: sharedDescriptions.limit, schema: { type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT } },
      { name: 'offset', in: 'query', required: false, description: sharedDescriptions.offset, schema: { type: 'integer', minimum: 0 } },
      ...filters.map((name) => ({
        name,
        in: 'query',
        required: false,
        description: sharedDescriptions.flagFilter(type.fields[name].messageName),
        schema: { type: 'boolean' },
      })),
      ...(listing.searchable
        ? [
            {
              name: 'search',
              in: 'query',
              required: false,
              description: `Only records whose text (${(type.listing?.search ?? []).join(', ')}) contains this, ignoring case; % _ and \\ are taken literally. 1 to ${MAX_SEARCH_LENGTH} characters after trimming; needs limit. ${TOTAL_COUNT_HEADER} of a search is at most ${SEARCH_COUNT_LIMIT + 1} (more than ${SEARCH_COUNT_LIMIT}).`,
              schema: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
            },
          ]
        : []),
      {
        name: 'sort',
        in: 'query',
        required: false,
        description: 'Order by this field, - first for descending; ties by id in the same direction. Needs limit. Absent: display order, then id.',
        schema: { type: 'string', enum: listing.sortable.flatMap((name) => [name, `-${name}`]) },
      },
    ];
    const body = { required: true, content: { 'application/json': { schema: ref(`${typeName}Input`) } } };
    const ids = {
      type: 'array',
      items: { type: 'integer', minimum: 1 },
      minItems: 1,
      maxItems: MAX_BULK_IDS,
      description: `The ids of the records (1 to ${MAX_BULK_IDS}; a repeated id counts once).`,
    };
    const bulkBody = (properties: Json, required: string[]) => ({
      required: true,
      content: { 'application/json': { schema: { type: 'object', properties: { ids, ...properties }, required: ['ids', ...required] } } },
    });
    const count = (name: string, description: string) =>
      json({ type: 'object', properties: { [name]: { type: 'integer', minimum: 1, description } }, required: [name] }, description);
    const bulkRoutes: Route[] = [
      {
        method: 'post',
        path: `/api/admin/${path}/delete-many`,
        operation: {
          tags,
          ...admin,
          operationId: `delete${typeName}Many`,
          summary: `Removes several ${typeName} records in one transaction, each with its own history entry (restore-many undoes it). An unknown id: 404 and nothing is removed.`,
          requestBody: bulkBody({}, []),
          responses: { 200: count('deleted', 'How many records were removed.'), ...pick(400, 401, 403, 404) },
        },
      },
      ...(filters.length > 0
        ? [
            {
              method: 'post' as const,
              path: `/api/admin/${path}/update-many`,
              operation: {
                tags,
                ...admin,
                operationId: `update${typeName}Flags`,
                summary: `Sets ${filters.join(', ')} on several ${typeName} records in one transaction, each change with its own history entry. An unknown id: 404 and nothing changes.`,
                requestBody: bulkBody(Object.fromEntries(filters.map((name) => [name, { type: 'boolean', description: `The new ${name} value.` }])), []),
                responses: { 200: json({ type: 'array', items: ref(typeName) }, 'The records, in the order of the ids.'), ...pick(400, 401, 403, 404) },
              },
            },
          ]
        : []),
      {
        method: 'post',
        path: `/api/admin/${path}/restore-many`,
        operation: {
          tags,
          ...admin,
          operationId: `restore${typeName}Many`,
          summary: `Undoes the deletes of several ${typeName} records (same ids and places) in one transaction. A record that is not deleted: 404 and nothing is restored.`,
          requestBody: bulkBody({}, []),
          responses: { 200: count('restored', 'How many records were restored.'), ...pick(400, 401, 403, 404) },
        },
      },
    ];
    return [
      {
        method: 'get',
        path: `/api/${path}`,
        operation: {
          tags,
          operationId: `list${typeName}`,
          summary: sharedDescriptions.list(type.description),
          description: `Without limit and offset: every record. With them: one page; ${TOTAL_COUNT_HEADER} says how many there are in all (with the filters and search). search and sort need limit.`,
          parameters: listParameters,
          responses: { 200: { ...json({ type: 'array', items: ref(typeName) }, 'The records.'), headers: totalCountHeader }, ...pick(400, 503) },
        },
      },
      {
        method: 'get',
        path: `/api/${path}/:id`,
        operation: { tags, operationId: `get${typeName}`, summary: `One ${typeName}.`, parameters: [idParameter], responses: { 200: json(ref(typeName), 'The record.'), ...pick(404, 503) } },
      },
      {
        method: 'post',
        path: `/api/admin/${path}`,
        operation: { tags, ...admin, operationId: `create${typeName}`, summary: `Adds a ${typeName}.`, requestBody: body, responses: { 201: json(ref(typeName), 'Created.'), ...pick(400, 401, 403) } },
      },
      updateRoute(path, typeName, tags, `Changes a ${typeName}.`),
      {
        method: 'delete',
        path: `/api/admin/${path}/:id`,
        operation: { tags, ...admin, operationId: `delete${typeName}`, summary: `Removes a ${typeName}.`, parameters: [idParameter], responses: { 204: { description: 'Removed.' }, ...pick(401, 403, 404) } },
      },
      {
        method: 'post',
        path: `/api/admin/${path}/:id/move`,
        operation: {
          tags,
          ...admin,
          operationId: `move${typeName}`,
          summary: `Moves a ${typeName} to a 0-based position; the answer is the whole list in its new order (with ?return=record: only the moved ${typeName}).`,
          parameters: [
            idParameter,
            {
              name: 'return',
              in: 'query',
              required: false,
              description: `record: answer with the moved ${typeName} only (for long lists). Absent: the whole list.`,
              schema: { type: 'string', enum: ['record'] },
            },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', properties: { toIndex: { type: 'integer', minimum: 0, description: 'The 0-based position to move the record to.' } }, required: ['toIndex'] } } },
          },
          responses: {
            200: json({ oneOf: [{ type: 'array', items: ref(typeName) }, ref(typeName)] }, 'The records in their new order, or with ?return=record the moved record.'),
            ...pick(400, 401, 403, 404),
          },
        },
      },
      ...bulkRoutes,
      ...historyRoutes(path, typeName, tags, true),
    ] satisfies Route[];
  });
}

/** `PUT /api/admin/<path>/:id` of a content type (collections and singletons alike), with If-Match. */
function updateRoute(path: string, typeName: string, tags: string[], summary: string): Route {
  return {
    method: 'put',
    path: `/api/admin/${path}/:id`,
    operation: {
      tags,
      ...admin,
      operationId: `update${typeName}`,
      summary,
      parameters: [idParameter, ifMatch],
      requestBody: { required: true, content: { 'application/json': { schema: ref(`${typeName}Input`) } } },
      responses: { 200: json(ref(typeName), 'Saved.'), ...pick(400, 401, 403, 404, 412) },
    },
  };
}

function singletonRoutes(): Route[] {
  return singletons.flatMap(({ path, typeName, type }) => {
    const tags = [type.labels.plural];
    return [
      {
        method: 'get',
        path: `/api/${path}`,
        operation: { tags, operationId: `get${typeName}`, summary: type.description, responses: { 200: json(ref(typeName), 'The record.'), ...pick(404, 503) } },
      },
      updateRoute(path, typeName, tags, `Changes the ${typeName}.`),
      ...historyRoutes(path, typeName, tags, false),
    ] satisfies Route[];
  });
}

/** webhooks/webhooks.router.ts (admin). */
function webhookRoutes(): Route[] {
  const tags = ['Webhooks'];
  const endpoint = ref('WebhookEndpoint');
  const body = { required: true, content: { 'application/json': { schema: ref('WebhookEndpointInput') } } };
  const delivery = { type: 'object', description: 'One event for one endpoint and the state of its delivery (see the GraphQL type WebhookDelivery).' };
  return [
    { method: 'get', path: '/api/admin/webhooks', operation: { tags, ...admin, operationId: 'listWebhooks', summary: 'Registered endpoints.', responses: { 200: json({ type: 'array', items: endpoint }, 'The endpoints.'), ...pick(401) } } },
    { method: 'post', path: '/api/admin/webhooks', operation: { tags, ...admin, operationId: 'createWebhook', summary: 'Registers an endpoint.', requestBody: body, responses: { 201: json(endpoint, 'Created.'), ...pick(400, 401, 403) } } },
    { method: 'put', path: '/api/admin/webhooks/:id', operation: { tags, ...admin, operationId: 'updateWebhook', summary: 'Changes an endpoint.', parameters: [idParameter], requestBody: body, responses: { 200: json(endpoint, 'Saved.'), ...pick(400, 401, 403, 404) } } },
    { method: 'delete', path: '/api/admin/webhooks/:id', operation: { tags, ...admin, operationId: 'deleteWebhook', summary: 'Removes an endpoint.', parameters: [idParameter], responses: { 204: { description: 'Removed.' }, ...pick(401, 403, 404) } } },
    {
      method: 'get',
      path: '/api/admin/webhooks/:id/deliveries',
      operation: {
        tags,
        ...admin,
        operationId: 'listWebhookDeliveries',
        summary: "An endpoint's deliveries, newest first.",
        parameters: [idParameter, { name: 'limit', in: 'query', required: false, description: 'At most this many (default 50).', schema: { type: 'integer', minimum: 1 } }],
        responses: { 200: json({ type: 'array', items: delivery }, 'The deliveries.'), ...pick(401, 404) },
      },
    },
    { method: 'post', path: '/api/admin/webhooks/:id/test', operation: { tags, ...admin, operationId: 'sendTestWebhook', summary: 'Queues a signed webhook.test event.', parameters: [idParameter], responses: { 202: json(delivery, 'Queued.'), ...pick(401, 403, 404) } } },
  ];
}

/** auth/accounts.router.ts (admin). */
function accountRoutes(): Route[] {
  const tags = ['Accounts'];
  const withPassword = json(
    {
      type: 'object',
      description: 'The account and its generated password: shown once, never stored in clear.',
      properties: { user: ref('User'), password: { type: 'string' } },
      required: ['user', 'password'],
    },
    'The account and its new password.',
  );
  const username = { name: 'username', in: 'path', required: true, description: 'The sign-in name of the account.', schema: { type: 'string' } };
  const stringBody = (...names: string[]) => ({
    required: true,
    content: { 'application/json': { schema: { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names } } },
  });
  return [
    { method: 'get', path: '/api/admin/admins', operation: { tags, ...admin, operationId: 'listAdmins', summary: 'Every administrator.', responses: { 200: json({ type: 'array', items: ref('User') }, 'The administrators.'), ...pick(401) } } },
    {
      method: 'post',
      path: '/api/admin/admins',
      operation: { tags, ...admin, operationId: 'createAdmin', summary: 'Adds an administrator with a generated password.', requestBody: stringBody('username'), responses: { 201: withPassword, ...pick(400, 401, 403) } },
    },
    {
      method: 'post',
      path: '/api/admin/admins/:username/reset-password',
      operation: {
        tags,
        ...admin,
        operationId: 'resetAdminPassword',
        summary: 'Gives an administrator a new generated password and ends their sessions.',
        parameters: [username],
        responses: { 200: withPassword, ...pick(401, 403, 404) },
      },
    },
    {
      method: 'delete',
      path: '/api/admin/admins/:username',
      operation: {
        tags,
        ...admin,
        operationId: 'deleteAdmin',
        summary: 'Removes an administrator (not yourself, not the last one).',
        parameters: [username],
        responses: { 204: { description: 'Removed.' }, ...pick(401, 403, 404) },
      },
    },
    {
      method: 'post',
      path: '/api/admin/account/password',
      operation: {
        tags,
        ...admin,
        operationId: 'changeOwnPassword',
        summary: "Changes the signed-in administrator's password (their other sessions end).",
        requestBody: stringBody('currentPassword', 'newPassword'),
        responses: { 200: ok, ...pick(400, 401, 403, 429) },
      },
    },
  ];
}

const ok = json({ type: 'object', properties: { ok: { const: true } }, required: ['ok'] }, 'Done.');

/** The routes outside the content registry (auth/auth.router.ts, uploads/upload.router.ts, this module). */
const otherRoutes: Route[] = [
  {
    method: 'post',
    path: '/api/login',
    operation: {
      tags: ['Session'],
      operationId: 'login',
      summary: 'Signs in; the answer sets the session cookie (sid).',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', properties: { username: { type: 'string' }, password: { type: 'string' } }, required: ['username', 'password'] } } },
      },
      responses: { 200: ok, ...pick(400, 401, 403, 429) },
    },
  },
  {
    method: 'get',
    path: '/api/login',
    operation: { tags: ['Session'], operationId: 'loginPage', summary: 'Redirects a browser to the admin sign-in page.', responses: { 302: { description: 'To /admin/login.' } } },
  },
  { method: 'post', path: '/api/logout', operation: { tags: ['Session'], operationId: 'logout', summary: 'Ends the session.', responses: { 200: ok, ...pick(403) } } },
  {
    method: 'get',
    path: '/api/auth/check',
    operation: {
      tags: ['Session'],
      operationId: 'authCheck',
      summary: 'Whether the caller is signed in.',
      responses: { 200: json({ type: 'object', properties: { authenticated: { type: 'boolean' } }, required: ['authenticated'] }, 'The answer.') },
    },
  },
  {
    method: 'get',
    path: '/api/auth/user',
    operation: { tags: ['Session'], ...admin, operationId: 'authUser', summary: 'The signed-in administrator.', responses: { 200: json(ref('User'), 'The user.'), ...pick(401) } },
  },
  {
    method: 'post',
    path: '/api/upload-image',
    operation: {
      tags: ['Uploads'],
      ...admin,
      operationId: 'uploadImage',
      summary: 'Stores an image (JPEG, PNG, GIF or WebP, at most 10 MB; re-encoded). Put the returned url in a picture field.',
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: ['file'] } } },
      },
      responses: {
        201: json({ type: 'object', properties: { url: { type: 'string', description: '/uploads/<name>' } }, required: ['url'] }, 'Stored.'),
        413: error('Over 10 MB.'),
        ...pick(400, 401, 403, 507),
      },
    },
  },
  ...webhookRoutes(),
  ...accountRoutes(),
  {
    method: 'get',
    path: '/api/openapi.json',
    operation: { tags: ['Reference'], operationId: 'openApi', summary: 'This document.', responses: { 200: json({ type: 'object' }, 'OpenAPI 3.1.') } },
  },
  {
    method: 'get',
    path: '/api/docs',
    operation: { tags: ['Reference'], operationId: 'apiDocs', summary: 'This document rendered for people (Swagger UI).', responses: { 200: { description: 'HTML.', content: { 'text/html': {} } } } },
  },
  {
    method: 'get',
    path: '/api/docs/init.js',
    operation: { tags: ['Reference'], operationId: 'apiDocsScript', summary: "The reference page's start-up script.", responses: { 200: { description: 'JavaScript.', content: { 'text/javascript': {} } } } },
  },
];

/** Every documented /api route (Express path form), for the router coverage test. */
export function documentedRoutes(): { method: string; path: string }[] {
  return [...collectionRoutes(), ...singletonRoutes(), ...otherRoutes].map(({ method, path }) => ({ method: method.toUpperCase(), path }));
}

/** The OpenAPI document. */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const { method, path, operation } of [...collectionRoutes(), ...singletonRoutes(), ...otherRoutes]) {
    const openApiPath = path.replace(/:(\w+)/g, '{$1}');
    (paths[openApiPath] ??= {})[method] = operation;
  }
  const schemas: Json = {
    Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    ValidationError: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } }, required: ['field', 'message'] } },
      },
      required: ['message'],
    },
    WebhookEndpoint: {
      type: 'object',
      description: 'A receiver of signed content.changed events.',
      properties: {
        id: { type: 'integer' },
        url: { type: 'string', format: 'uri' },
        secret: { type: 'string', description: 'HMAC-SHA256 key of the X-Webhook-Signature header.' },
        collections: { type: 'array', items: { type: 'string' }, description: 'Collections whose changes are sent (REST names); empty: all.' },
        active: { type: 'boolean' },
        createdAt: { type: 'string', format: 'date-time' },
      },
      required: ['id', 'url', 'collections', 'active'],
    },
    WebhookEndpointInput: {
      type: 'object',
      properties: {
        url: { type: 'string', description: 'Required on create.' },
        secret: { type: ['string', 'null'], description: 'Blank: generated on create, kept on update.' },
        collections: { type: ['array', 'null'], items: { type: 'string' } },
        active: { type: ['boolean', 'null'] },
      },
    },
    ContentHistoryEntry: {
      type: 'object',
      description: 'One change to a content record (see the GraphQL type ContentHistoryEntry).',
      properties: {
        id: { type: 'integer', description: 'The id of this entry (a revisionId for restore).' },
        collection: { type: 'string', description: "The collection's REST path, e.g. 'team-members'." },
        recordId: { type: 'integer' },
        action: { type: 'string', enum: ['create', 'update', 'delete', 'restore', 'move'] },
        username: { type: ['string', 'null'], description: 'Who made the change.' },
        at: { type: 'string', format: 'date-time' },
        changed: { type: 'array', items: { type: 'string' }, description: 'Fields whose value differs between before and after.' },
        before: { type: ['object', 'null'], description: 'The whole record before the change.' },
        after: { type: ['object', 'null'], description: 'The whole record after the change.' },
      },
      required: ['id', 'collection', 'recordId', 'action', 'at', 'changed'],
    },
    StaleVersion: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        currentVersion: { type: 'integer' },
        changedBy: { type: ['string', 'null'], description: 'Who made the latest change (null when unknown, e.g. seeded content).' },
        changedAt: { type: ['string', 'null'], format: 'date-time', description: 'When the latest change was made.' },
      },
      required: ['message', 'currentVersion', 'changedBy', 'changedAt'],
    },
    User: {
      type: 'object',
      description: 'An administrator.',
      properties: {
        id: { type: 'string', format: 'uuid' },
        username: { type: 'string' },
        email: { type: ['string', 'null'] },
        firstName: { type: ['string', 'null'] },
        lastName: { type: ['string', 'null'] },
        profileImageUrl: { type: ['string', 'null'] },
        createdAt: { type: 'string', format: 'date-time' },
        updatedAt: { type: 'string', format: 'date-time' },
      },
      required: ['id', 'username'],
    },
  };
  for (const { type, typeName } of [...collections, ...singletons]) {
    schemas[typeName] = recordSchema(type);
    schemas[`${typeName}Input`] = inputSchema(type);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Consulting site REST API',
      version: '1.0.0',
      description:
        'Public reads need no session and are cached per content revision (ETag, Cache-Control). Admin routes need the session cookie from POST /api/login and a same-site or trusted origin. The GraphQL API at /graphql offers the same content (schema: api/schema.graphql).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie set by POST /api/login.' } },
    },
  };
}
