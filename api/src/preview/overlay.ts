import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Field } from '@consulting/model';
import type { ListOptions } from '../content/list-options.js';
import type { CollectionDefinition, SingletonDefinition } from '../content/registry.js';

// The preview overlay: one record shown as its draft would publish it, in the public content
// reads of one server rendering (GraphQLContext.preview; content.resolver.ts asks here). The
// content tables hold only published records and nothing here writes: the previewed record takes
// the place of its live version (the list order and the filters judged on its draft values), or,
// never published or taken off the site, appears where it would go (its display order, else
// last) and the counts hold one more. Reads of other collections, and every read without a
// preview, are the services' own. These reads never go through the revision count memo or the
// read cache: the preview's EntityManager has no memo (preview.routes.ts), and its pages are
// never kept (site/render-page.ts).

/** The record a preview shows, from publication.previewRecord: `collection` is the type's REST path. */
export interface PreviewOverlay {
  collection: string;
  /** id, displayOrder, createdAt (when the type has it) and every field, the draft's values applied. */
  record: Record<string, unknown>;
  /** The record is on the site now (the draft changes it) rather than never published or unpublished. */
  live: boolean;
}

type Row = Record<string, unknown> & { id: number };

/** The display order of a record with no place of its own: after every other (the largest integer the column and GraphQL's Int hold). */
const LAST_PLACE = 2_147_483_647;

/** A value for a field the GraphQL type says is never null, when an incomplete draft leaves it empty. */
function emptyValue(field: Field): unknown {
  if (field.default !== undefined) return field.default;
  if (field.kind === 'wholeNumber') return field.min ?? 0;
  if (field.kind === 'flag') return false;
  if (field.kind === 'choice') return field.options?.[0]?.value ?? '';
  return '';
}

/**
 * The previewed record as an instance of its GraphQL object type: every field the type declares
 * non-null has a value (a draft may be incomplete), dates are Dates.
 */
export function previewInstance(definition: CollectionDefinition | SingletonDefinition, overlay: PreviewOverlay): Row {
  const values: Record<string, unknown> = { ...overlay.record };
  for (const [key, field] of Object.entries(definition.type.fields)) {
    const nonNull = field.required || field.default !== undefined || field.kind === 'slug';
    if (nonNull && (values[key] === undefined || values[key] === null)) values[key] = emptyValue(field);
  }
  if (definition.type.createdAt) values.createdAt = dateOf(values.createdAt) ?? new Date();
  if (typeof values.version !== 'number') values.version = 0;
  // No place of its own (or "after everything"): last, as a value GraphQL's Int can carry.
  if (definition.type.kind === 'collection' && !(typeof values.displayOrder === 'number' && values.displayOrder < LAST_PLACE)) values.displayOrder = LAST_PLACE;
  const instance = new (definition.entity as new () => object)() as Row;
  return Object.assign(instance, values);
}

function dateOf(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** The overlay when it concerns the content type at `path`. */
export function overlayFor(preview: PreviewOverlay | undefined, path: string): PreviewOverlay | undefined {
  return preview?.collection === path && typeof preview.record.id === 'number' ? preview : undefined;
}

/** Whether the record's own values pass the list's on/off filters. */
function passesFilters(record: Row, where: ListOptions['where']): boolean {
  return Object.entries(where ?? {}).every(([name, wanted]) => (typeof wanted === 'boolean' ? (record[name] === true) === wanted : record[name] === wanted));
}

interface Order {
  field: string;
  direction: 'asc' | 'desc';
}

const orderOf = (options: ListOptions): Order => options.sort ?? { field: 'displayOrder', direction: 'asc' };

/** A sort value (null: the record goes last, like a new item without a place). */
function sortValue(record: Row, field: string): number | string | null {
  const value = record[field];
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number' || typeof value === 'string') return value;
  return null;
}

/**
 * The condition "comes before `record`" in `order` (ties by id in the same direction), for a count;
 * null when nothing is known to come after it (its sort value is absent: it goes last).
 */
function beforeCondition(record: Row, { field, direction }: Order): object | null {
  const value = record[field] instanceof Date ? record[field] : sortValue(record, field);
  if (value === null) return null;
  const op = direction === 'asc' ? '$lt' : '$gt';
  return { $or: [{ [field]: { [op]: value } }, { [field]: value, id: { [op]: record.id } }] };
}

/**
 * How many of the other records that pass the filters come before the previewed one: its
 * 0-based place in the previewed list.
 */
async function placeOf(em: EntityManager, entity: EntityClass<object>, others: object, record: Row, order: Order): Promise<number> {
  const before = beforeCondition(record, order);
  return em.count(entity, (before ? { $and: [others, before] } : others) as never);
}

/** The list's filters without the previewed record's live row. */
const othersOf = (options: ListOptions, id: number): object => ({ ...options.where, id: { $ne: id } });

/** A page of the collection's list with the previewed record in it (list, in the resolvers). */
export async function previewList(em: EntityManager, definition: CollectionDefinition, options: ListOptions, overlay: PreviewOverlay): Promise<object[]> {
  const record = previewInstance(definition, overlay);
  const { entity, service } = definition;
  if (options.search !== undefined) {
    // A search (the admin's, never a page's): the live results, the record shown with its draft where found.
    const items = (await service.list(em, options)) as Row[];
    return items.map((item) => (item.id === record.id ? record : item));
  }
  const order = orderOf(options);
  const others = othersOf(options, record.id);
  const find = (page: { limit?: number; offset?: number }) =>
    em.find(entity, others as never, {
      orderBy: { [order.field]: order.direction, id: order.direction } as never,
      ...(page.limit !== undefined && { limit: page.limit }),
      ...(page.offset && { offset: page.offset }),
    }) as Promise<Row[]>;
  const { limit, offset = 0 } = options;
  if (!passesFilters(record, options.where)) return find({ limit, offset });
  const place = await placeOf(em, entity, others, record, order);
  if (place < offset) return find({ limit, offset: offset - 1 });
  if (limit !== undefined && place >= offset + limit) return find({ limit, offset });
  const rows = await find({ limit: limit === undefined ? undefined : limit - 1, offset });
  rows.splice(Math.min(place - offset, rows.length), 0, record);
  return rows;
}

/** How many records the collection's list holds with the previewed record (count, in the resolvers). */
export async function previewCount(em: EntityManager, definition: CollectionDefinition, options: ListOptions, overlay: PreviewOverlay): Promise<number> {
  if (options.search !== undefined) return definition.service.count(em, options);
  const record = previewInstance(definition, overlay);
  const others = await em.count(definition.entity, othersOf(options, record.id) as never);
  return others + (passesFilters(record, options.where) ? 1 : 0);
}

/** One record by id: the previewed one as its draft has it, any other as stored. */
export function previewItem(em: EntityManager, definition: CollectionDefinition, id: number, overlay: PreviewOverlay): Promise<object | null> {
  const record = previewInstance(definition, overlay);
  return id === record.id ? Promise.resolve(record) : definition.service.find(em, id);
}

/** The singleton as its draft has it. */
export function previewSingleton(definition: SingletonDefinition, overlay: PreviewOverlay): object {
  return previewInstance(definition, overlay);
}

/** The 0-based place the previewed record takes in the collection's whole public list (which page of it shows the record). */
export async function previewPlace(em: EntityManager, definition: CollectionDefinition, overlay: PreviewOverlay): Promise<number> {
  const record = previewInstance(definition, overlay);
  return placeOf(em, definition.entity, othersOf({}, record.id), record, orderOf({}));
}
