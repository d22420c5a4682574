import 'reflect-metadata';
import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field as GraphQLField, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  displayOrderField,
  sharedDescriptions,
  type ContentType,
  type Field,
  type FieldPresence,
  type FieldValue,
} from '@consulting/model';

// Entities, GraphQL object types and GraphQL input types are derived from the content model's
// declarations (model/src/types): each field becomes a database column and a GraphQL field at
// once, with explicit types (no decorator metadata needed). The shared columns (id, display
// order, creation time, version) are declared here once.

type GraphQLScalar = typeof String | typeof Boolean | typeof Date | typeof Int;

/** The GraphQL enums of choice fields, registered once per name (ContactIcon). */
const enums = new Map<string, object>();

function enumOf(field: Field): object {
  const name = field.enumName!;
  let values = enums.get(name);
  if (!values) {
    const options = field.options ?? [];
    values = Object.fromEntries(options.map((o) => [o.value, o.value]));
    registerEnumType(values, {
      name,
      description: field.description,
      valuesConfig: Object.fromEntries(options.map((o) => [o.value, { description: o.description ?? o.label }])),
    });
    enums.set(name, values);
  }
  return values;
}

const graphQLTypeOf = (field: Field): GraphQLScalar | object =>
  field.kind === 'wholeNumber' ? Int : field.kind === 'flag' ? Boolean : field.enumName ? enumOf(field) : String;

const columnTypeOf = (field: Field): string =>
  field.kind === 'wholeNumber' ? 'integer' : field.kind === 'flag' ? 'boolean' : 'text';

/** A content field: nullable when optional without a default; the default is the column's. */
function fieldColumn(prototype: object, key: string, field: Field): void {
  const nullable = !field.required && field.default === undefined;
  const graphQLType = graphQLTypeOf(field); // enums are registered before the schema is built
  GraphQLField(() => graphQLType, { nullable, description: field.description })(prototype, key);
  Property({
    type: columnTypeOf(field),
    ...(nullable && { nullable: true }),
    ...(field.default !== undefined && { default: field.default }),
  })(prototype, key);
}

/** Serial integer primary key. */
function idColumn(prototype: object): void {
  GraphQLField(() => Int, { description: sharedDescriptions.id })(prototype, 'id');
  PrimaryKey({ type: 'integer', autoincrement: true })(prototype, 'id');
}

/** Starts at 1 and goes up by one on every update; an update names the version it read (optimistic concurrency). */
function versionColumn(prototype: object): void {
  GraphQLField(() => Int, { description: sharedDescriptions.version })(prototype, 'version');
  Property({ type: 'integer', version: true })(prototype, 'version');
}

/** A timestamp the database sets on insert; never taken from a client. */
function createdAtColumn(prototype: object): void {
  GraphQLField(() => Date, { description: sharedDescriptions.createdAt })(prototype, 'createdAt');
  Property({ type: 'datetime', defaultRaw: 'now()' })(prototype, 'createdAt');
}

/**
 * The indexes a collection's lists are read through: (display_order, id) for the list, its pages,
 * the last place and a move's neighbours; (flag, display_order, id) per on/off field for the
 * filtered lists, their counts and the landing previews (featured first).
 */
function listIndexes(type: ContentType): ClassDecorator {
  // The class's properties are declared at run time: the decorator cannot check their names.
  const index = Index as (options: { properties?: string[]; name?: string; expression?: string }) => ClassDecorator;
  return (target) => {
    index({ properties: ['displayOrder', 'id'] })(target);
    for (const [key, field] of Object.entries(type.fields)) {
      if (field.kind === 'flag') index({ properties: [key, 'displayOrder', 'id'] })(target);
    }
    // Admin sorts: (field, id), walked forwards or backwards.
    for (const key of type.listing?.sort ?? []) index({ properties: [key, 'id'] })(target);
    // Admin search: trigrams of the searchable text, one expression per table (searchExpression).
    const search = searchExpression(type);
    if (search) {
      const name = searchIndexName(type);
      index({ name, expression: `create index "${name}" on "${type.table}" using gin (${search} gin_trgm_ops)` })(target);
      // Terms without trigrams (1-2 characters, or punctuation): its 1- and 2-character substrings.
      const grams = searchGramsIndexName(type);
      index({ name: grams, expression: `create index "${grams}" on "${type.table}" using gin (${searchGrams(search)})` })(target);
    }
  };
}

const columnOf = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The text a collection's search looks in: its searchable fields joined by spaces, as one SQL
 * expression. The trigram index is built on exactly this expression and the search filters on it
 * (`<expression> ilike '%term%'`), so PostgreSQL can use the index. Null: the type has no search.
 */
export function searchExpression(type: ContentType): string | null {
  const fields = type.listing?.search ?? [];
  if (fields.length === 0) return null;
  for (const key of fields) {
    const field = type.fields[key] as Field | undefined;
    if (!field || field.kind === 'flag' || field.kind === 'wholeNumber') throw new Error(`${type.typeName}: search field ${key} is not a text field`);
  }
  return `(${fields.map((key) => `coalesce("${columnOf(key)}", '')`).join(` || ' ' || `)})`;
}

export const searchIndexName = (type: ContentType) => `${type.table}_search_index`;
export const searchGramsIndexName = (type: ContentType) => `${type.table}_search_grams_index`;

/**
 * The set of 1- and 2-character substrings of a text, lower case, as an SQL expression on `sql`:
 * its characters (split on nothing), then its pairs at even and at odd offsets (U+0001 put after
 * each pair and split on: no stored text holds it, control characters are refused), '' left out.
 * A text contains a term of one or two characters, ignoring case as ILIKE does (both lower-cased),
 * exactly when its set holds the term's; a longer term's set is held by every text containing it.
 * A GIN index on the set of the searchable text (Migration20261124101500_search_grams, the same
 * expression) finds the records for terms the trigram index has nothing to look up by. Built-in
 * functions only (no function of ours for the schema to track); computing it for a row of some 200
 * characters takes some 50 microseconds, so a search checks it only on rows ILIKE already matched.
 */
export function searchGrams(sql: string): string {
  const lower = `lower(${sql})`;
  const pairs = (text: string) => `string_to_array(regexp_replace(${text}, '(..)', '\\1' || chr(1), 'g'), chr(1))`;
  return `array_remove(regexp_split_to_array(${lower}, '') || ${pairs(lower)} || ${pairs(`substr(${lower}, 2)`)}, '')`;
}

/** Makes a class the entity and GraphQL object type of a content type. */
export function contentEntity(type: ContentType): ClassDecorator {
  return (target) => {
    const prototype = target.prototype as object;
    idColumn(prototype);
    for (const [key, field] of Object.entries(type.fields)) fieldColumn(prototype, key, field);
    if (type.kind === 'collection') fieldColumn(prototype, 'displayOrder', displayOrderField);
    if (type.createdAt) createdAtColumn(prototype);
    versionColumn(prototype);
    if (type.kind === 'collection') listIndexes(type)(target);
    ObjectType(type.typeName, { description: type.description })(target);
    Entity({ tableName: type.table })(target);
  };
}

/** The GraphQL input type of a content type: its editable fields, required ones non-null. */
export function contentInput(type: ContentType, fields: Readonly<Record<string, Field>>): new () => object {
  class Input {}
  Object.defineProperty(Input, 'name', { value: `${type.typeName}Input` });
  for (const [key, field] of Object.entries(fields)) {
    const graphQLType = graphQLTypeOf(field);
    GraphQLField(() => graphQLType, { nullable: !field.required, description: field.description })(Input.prototype, key);
  }
  InputType(`${type.typeName}Input`, { description: `The editable fields of a ${type.typeName} (create and update).` })(Input);
  return Input;
}

type StoredValue<F> = FieldPresence<F> extends 'optional'
  ? FieldValue<F> | null
  : FieldPresence<F> extends 'defaulted'
    ? Opt<FieldValue<F>>
    : FieldValue<F>;

/** The TypeScript shape of a content type's entity (merged into its class). */
export type ContentRecord<C extends ContentType> = {
  id: number;
  version: Opt<number>;
} & { -readonly [K in keyof C['fields']]: StoredValue<C['fields'][K]> } & (C['kind'] extends 'collection'
    ? { displayOrder: Opt<number> }
    : unknown) &
  (C['createdAt'] extends true ? { createdAt: Opt<Date> } : unknown);
