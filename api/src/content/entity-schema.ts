import { EntitySchema, type EntityClass, type EntitySchemaProperty, type Opt } from '@mikro-orm/core';
import { displayOrderField, documentKey, type ContentType, type Field, type FieldPresence, type FieldValue } from '@consulting/model';
import { searchExpression, searchGrams, searchGramsIndexName, searchIndexName } from './search-sql.js';
import { ownPageTriggers } from './pages/page-triggers.js';

// The entity of a content type: a MikroORM EntitySchema derived from its declaration (no entity
// file per type). Each field becomes a column; the shared columns (id, display order, creation
// time, version) and a collection's list indexes are declared here once.

type Property = EntitySchemaProperty<unknown, unknown>;

const columnTypeOf = (field: Field): string =>
  field.kind === 'wholeNumber' ? 'integer' : field.kind === 'flag' ? 'boolean' : 'text';

/** A content field: nullable when optional without a default; the default is the column's. A slug is always there (made when not given). */
function fieldColumn(field: Field): Property {
  const nullable = !field.required && field.default === undefined && field.kind !== 'slug';
  return {
    type: columnTypeOf(field),
    ...(nullable && { nullable: true }),
    ...(field.default !== undefined && { default: field.default }),
  } as Property;
}

interface IndexDef {
  properties?: string[];
  name?: string;
  expression?: string;
}

/**
 * The indexes a collection's lists are read through: (display_order, id) for the list, its pages,
 * the last place and a move's neighbours; (flag, display_order, id) per on/off field for the
 * filtered lists, their counts and the landing previews (featured first); (field, id) per admin
 * sort, walked forwards or backwards; and the trigrams and short substrings of the searchable text.
 */
function listIndexes(type: ContentType): IndexDef[] {
  const indexes: IndexDef[] = [{ properties: ['displayOrder', 'id'] }];
  for (const [key, field] of Object.entries(type.fields)) {
    if (field.kind === 'flag') indexes.push({ properties: [key, 'displayOrder', 'id'] });
  }
  for (const key of type.listing?.sort ?? []) indexes.push({ properties: [key, 'id'] });
  const search = searchExpression(type);
  if (search) {
    const name = searchIndexName(type);
    indexes.push({ name, expression: `create index "${name}" on "${type.table}" using gin (${search} gin_trgm_ops)` });
    // Terms without trigrams (1-2 characters, or punctuation): its 1- and 2-character substrings.
    const grams = searchGramsIndexName(type);
    indexes.push({ name: grams, expression: `create index "${grams}" on "${type.table}" using gin (${searchGrams(search)})` });
  }
  return indexes;
}

/** The entity of a content type, on `target` (its GraphQL object type's class). */
export function contentEntitySchema(type: ContentType, target: new () => object): EntitySchema {
  const properties: Record<string, Property> = { id: { type: 'integer', primary: true, autoincrement: true } as Property };
  for (const [key, field] of Object.entries(type.fields)) {
    // A slug is made by the services, or by the database for a row written without one (its
    // default '' is replaced on insert: pages/page-triggers.ts).
    properties[key] = field.kind === 'slug' ? ({ type: 'text', defaultRaw: "''" } as Property) : fieldColumn(field);
    // A rich field: its plain text (above) and its document (rich-text/ in the model).
    if (field.kind === 'richText') properties[documentKey(key)] = { type: 'json', nullable: true } as Property;
  }
  if (type.kind === 'collection') properties.displayOrder = fieldColumn(displayOrderField);
  // A timestamp the database sets on insert; never taken from a client.
  if (type.createdAt) properties.createdAt = { type: 'datetime', defaultRaw: 'now()' } as Property;
  // The time of the last change: set on every update (by the database too, for writes the ORM does not make: pages/page-triggers.ts).
  if (type.updatedAt) properties.updatedAt = { type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() } as Property;
  // Starts at 1 and goes up by one on every update; an update names the version it read (optimistic concurrency).
  properties.version = { type: 'integer', version: true } as Property;
  const schema = new EntitySchema({
    class: target,
    tableName: type.table,
    properties,
    indexes: type.kind === 'collection' ? listIndexes(type) : [],
    // An item's page address is unique in its collection.
    uniques: Object.entries(type.fields)
      .filter(([, field]) => field.kind === 'slug')
      .map(([key]) => ({ properties: [key] })),
  } as never);
  schema.meta.triggers.push(...ownPageTriggers(type));
  return schema;
}

type StoredValue<F> = FieldPresence<F> extends 'optional'
  ? FieldValue<F> | null
  : FieldPresence<F> extends 'defaulted'
    ? Opt<FieldValue<F>>
    : FieldValue<F>;

/** The TypeScript shape of a content type's records as MikroORM loads them. */
export type ContentRecord<C extends ContentType> = {
  id: number;
  version: Opt<number>;
} & { -readonly [K in keyof C['fields']]: StoredValue<C['fields'][K]> } & (C['kind'] extends 'collection'
    ? { displayOrder: Opt<number> }
    : unknown) &
  (C['createdAt'] extends true ? { createdAt: Opt<Date> } : unknown) &
  (C['updatedAt'] extends true ? { updatedAt: Opt<Date> } : unknown);

/** The entity class of a content type, typed by its declaration. */
export type ContentEntity<C extends ContentType> = EntityClass<ContentRecord<C>>;
