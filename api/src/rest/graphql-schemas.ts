import {
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLSchema,
  type GraphQLType,
} from 'graphql';

// JSON schemas of the REST answers that have a GraphQL twin (accounts, webhooks, history), made
// from the GraphQL type: one description of each shape, the two surfaces provably alike. The
// REST tests check every real answer against them (api/test/helpers/openapi-responses.ts).

type Json = Record<string, unknown>;

const SCALARS: Record<string, Json> = {
  String: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  // Accounts are named by UUIDs, deliveries by their bigint ids as text.
  ID: { type: 'string' },
  DateTimeISO: { type: 'string', format: 'date-time' },
};

function valueSchema(type: GraphQLType): Json {
  const nullable = !isNonNullType(type);
  const inner = getNullableType(type);
  let schema: Json;
  if (isListType(inner)) schema = { type: 'array', items: valueSchema(inner.ofType) };
  else if (isScalarType(inner) && SCALARS[inner.name]) schema = { ...SCALARS[inner.name] };
  else if (isEnumType(inner)) schema = { type: 'string', enum: inner.getValues().map((v) => v.value) };
  else throw new Error(`No JSON schema for the GraphQL type ${String(inner)}`);
  if (nullable) schema.type = [schema.type, 'null'];
  return schema;
}

/**
 * The JSON schema of the GraphQL object or input type `name`: its fields, with their
 * descriptions; the non-null ones required (of an object type), no others allowed. `overrides`:
 * fields REST writes differently (history's before/after: objects, not JSON text).
 */
export function schemaOfGraphQLType(schema: GraphQLSchema, name: string, overrides: Record<string, Json> = {}): Json {
  const type = schema.getType(name);
  if (!isObjectType(type) && !isInputObjectType(type)) throw new Error(`${name} is not a GraphQL object or input type`);
  // A field GraphQL adds to a shared type that REST does not answer with (`@Extensions({ graphqlOnly: true })`).
  const fields: (GraphQLField<unknown, unknown> | GraphQLInputField)[] = Object.values(type.getFields()).filter((field) => field.extensions?.graphqlOnly !== true);
  const properties = Object.fromEntries(
    fields.map((field) => [field.name, { ...(field.description && { description: field.description }), ...(overrides[field.name] ?? valueSchema(field.type)) }]),
  );
  const required = isObjectType(type) ? fields.filter((f) => isNonNullType(f.type)).map((f) => f.name) : [];
  return { type: 'object', ...(type.description && { description: type.description }), properties, required, additionalProperties: false };
}
