import { documentKey, editableFields, SLUG_PATTERN, sharedDescriptions, type ContentType, type Field } from '@consulting/model';
import { RICH_TEXT_SCHEMAS, richTextDocumentSchema } from './rich-text-schema.js';
import { collections, singletons } from '../content/registry.js';
import { graphQLSchema } from '../graphql/schema.js';
import { SESSION_COOKIE } from '../auth/session-store.js';
import { errors } from '../http/doc-parts.js';
import type { Route } from '../http/route.js';
import { schemaOfGraphQLType } from './graphql-schemas.js';

// The OpenAPI 3.1 document of the whole REST contract, generated: the operations from the route
// table's rows (http/route-table.ts), record and input schemas from the content model, and the
// shapes REST shares with GraphQL (accounts, webhooks, history) from their GraphQL types.

type Json = Record<string, unknown>;

/** The JSON schema of one field's value (as read: optional fields may be null). */
function fieldSchema(field: Field, asRead: boolean): Json {
  const base: Json =
    field.kind === 'wholeNumber'
      ? { type: 'integer', minimum: field.min, maximum: field.max }
      : field.kind === 'flag'
        ? { type: 'boolean' }
        : field.kind === 'choice'
          ? { type: 'string', enum: (field.options ?? []).map((o) => o.value) }
          : {
              type: 'string',
              maxLength: field.maxLength,
              ...(field.kind === 'webAddress' && { format: 'uri' }),
              ...(field.kind === 'slug' && { pattern: SLUG_PATTERN.source }),
            };
  // A slug is always there as read (made when not given); on input it may be left out.
  const nullable = asRead ? !field.required && field.default === undefined && field.kind !== 'slug' : !field.required;
  if (nullable) base.type = [base.type, 'null'];
  if (field.default !== undefined) base.default = field.default;
  return { ...(field.description && { description: field.description }), ...base };
}

function recordSchema(type: ContentType): Json {
  const properties: Json = { id: { type: 'integer', minimum: 1, description: sharedDescriptions.id } };
  for (const [name, field] of Object.entries(editableFields(type))) {
    properties[name] = fieldSchema(field, true);
    if (field.kind === 'richText') properties[documentKey(name)] = richTextDocumentSchema(`${field.label} as a rich-text document; null when empty.`);
  }
  if (type.createdAt) properties.createdAt = { type: 'string', format: 'date-time', description: sharedDescriptions.createdAt };
  if (type.updatedAt) properties.updatedAt = { type: 'string', format: 'date-time', description: sharedDescriptions.updatedAt };
  properties.version = { type: 'integer', minimum: 1, description: sharedDescriptions.version };
  return { type: 'object', description: type.description, properties, required: Object.keys(properties), additionalProperties: false };
}

function inputSchema(type: ContentType): Json {
  const fields = editableFields(type);
  const properties = Object.fromEntries(
    Object.entries(fields).flatMap(([name, field]) => [
      [name, fieldSchema(field, false)],
      ...(field.kind === 'richText'
        ? [[documentKey(name), richTextDocumentSchema(`${field.label} as a rich-text document; preferred to the plain text ${name} when both are given; null clears it.`)]]
        : []),
    ]),
  );
  const required = Object.entries(fields)
    .filter(([, f]) => f.required)
    .map(([name]) => name);
  return { type: 'object', description: `The editable fields of a ${type.typeName}. Unknown fields are ignored.`, properties, required };
}

/** The error answers (shared/errors.ts and the JSON error handler). */
const ERROR_SCHEMAS: Json = {
  Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  ValidationError: {
    type: 'object',
    properties: {
      message: { type: 'string' },
      errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } }, required: ['field', 'message'] } },
    },
    required: ['message'],
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
};

/**
 * The answers any route of this kind may give whatever it does, from the row's facts: signed-in
 * routes 401, routes needing a permission 401 and 403 (a role without it), writes 400/403/413 (a
 * body that is not JSON, a cross-site request, a body too large), a path naming a record 404 (no
 * such record), every route 503 while the database is away.
 */
function answersOfEvery({ method, access, path }: Route): Record<string, Json> {
  const codes: Parameters<typeof errors> = [503];
  if (access !== 'public') codes.push(401);
  if (access !== 'public' && access !== 'signed-in') codes.push(403);
  if (method !== 'GET') codes.push(400, 403, 413);
  if (path.includes('/:')) codes.push(404);
  return errors(...codes);
}

/** The REST routes of the table (those with an OpenAPI operation), as METHOD and Express path. */
export function documentedRoutes(table: readonly Route[]): { method: string; path: string }[] {
  return table.filter((route) => route.doc).map(({ method, path }) => ({ method, path }));
}

/** The OpenAPI document of `table`'s REST routes. */
export async function openApiDocument(table: readonly Route[]): Promise<Json> {
  const paths: Record<string, Json> = {};
  for (const route of table) {
    const { method, path, doc, access } = route;
    if (!doc) continue;
    const openApiPath = path.replace(/:(\w+)/g, '{$1}');
    const responses = { ...answersOfEvery(route), ...doc.responses };
    (paths[openApiPath] ??= {})[method.toLowerCase()] = { ...doc, responses, ...(access !== 'public' && { security: [{ session: [] }] }) };
  }
  const graphql = await graphQLSchema();
  const entry = { type: ['object', 'null'], description: 'The whole record (null when there is none).' };
  const schemas: Json = {
    ...ERROR_SCHEMAS,
    ...RICH_TEXT_SCHEMAS,
    User: schemaOfGraphQLType(graphql, 'User'),
    WebhookEndpoint: schemaOfGraphQLType(graphql, 'WebhookEndpoint'),
    WebhookEndpointInput: schemaOfGraphQLType(graphql, 'WebhookEndpointInput'),
    WebhookDelivery: schemaOfGraphQLType(graphql, 'WebhookDelivery'),
    ScheduledJob: schemaOfGraphQLType(graphql, 'ScheduledJob'),
    ContentHistoryEntry: schemaOfGraphQLType(graphql, 'ContentHistoryEntry', { before: entry, after: entry }),
    Publication: schemaOfGraphQLType(graphql, 'Publication', { values: { type: ['object', 'null'], description: "The draft's field values (possibly incomplete); null without a draft." } }),
  };
  for (const { type, typeName } of [...collections, ...singletons]) {
    schemas[typeName] = recordSchema(type);
    schemas[`${typeName}Input`] = inputSchema(type);
    // A draft may leave any field empty; what it gives is checked as on publish.
    schemas[`${typeName}DraftInput`] = { ...inputSchema(type), required: [] };
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
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by POST /api/login.' } },
    },
  };
}
