import { parse } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';
import { documentKey, editableFields, type ContentType, type RecordOf } from '@consulting/model';
import { NOT_ON_SITE_PAGE, PUBLICATION_SELECTION, type Publication, type PublicationPage } from './publishing/publication-operations';

// The admin's GraphQL operations for a content type, derived from its declaration in the content
// model: the list (or singleton) query selects every field, the mutations take the type's input.
// content-operations.test.ts validates every one of them against the API's schema.

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The fields a screen reads: the shared columns and every editable field (a rich field with its document). */
export function selectionOf(type: ContentType): string {
  const fields = Object.entries(editableFields(type)).flatMap(([name, field]) => (field.kind === 'richText' ? [name, documentKey(name)] : [name]));
  return ['id', 'version', ...fields, ...(type.createdAt ? ['createdAt'] : [])].join(' ');
}

const document = <Data, Variables>(source: string) => parse(source) as TypedDocumentNode<Data, Variables>;

export type ContentInput = Record<string, unknown>;

export interface UpdateVariables {
  id: number;
  input: ContentInput;
  /** The version the form loaded; a stale save is refused (CONFLICT). */
  expectedVersion?: number | null;
}

function updateOperation(type: ContentType, selection: string) {
  const name = type.typeName;
  return document<unknown, UpdateVariables>(
    `mutation AdminUpdate${name}($id: Int!, $input: ${name}Input!, $expectedVersion: Int) {
      update${name}(id: $id, input: $input, expectedVersion: $expectedVersion) { ${selection} }
    }`,
  );
}

/** The flag fields of a type (news and clients: `featured`), which bulk update and the list filter by. */
export function flagFieldsOf(type: ContentType): string[] {
  return Object.entries(type.fields)
    .filter(([, field]) => field.kind === 'flag')
    .map(([name]) => name);
}

/** What a collection screen asks the list for: a page, and optionally a search, a sort and a flag filter. */
export interface ListVariables {
  limit: number;
  offset: number;
  search?: string;
  sort?: string;
  featured?: boolean;
}

/**
 * The page of rows and two counts: the rows matching the search/filter, and the whole collection;
 * and the collection's items that are not on the site (asked with the page: one request per screen).
 */
export type ListData<Row> = Record<string, Row[]> & { matching: number; total: number; notOnSite?: PublicationPage };

/** A draft save: the form's values as far as they go, and the draft version the form loaded. */
export interface DraftVariables {
  id: number;
  input: ContentInput;
  /** The draft version the form loaded; a stale draft save is refused (CONFLICT). */
  expectedDraftVersion?: number | null;
}

function saveDraftOperation(type: ContentType) {
  const name = type.typeName;
  return document<Record<string, Publication>, DraftVariables>(
    `mutation AdminSave${name}Draft($id: Int!, $input: ${name}DraftInput!, $expectedDraftVersion: Int) {
      save${name}Draft(id: $id, input: $input, expectedDraftVersion: $expectedDraftVersion) { ${PUBLICATION_SELECTION} }
    }`,
  );
}

/** Undo of a bulk delete (any collection). */
export const undoDeleteManyDocument = document<{ undoDeleteMany: number }, { collection: string; ids: number[] }>(
  `mutation AdminUndoDeleteMany($collection: String!, $ids: [Int!]!) { undoDeleteMany(collection: $collection, ids: $ids) }`,
);

/** List (a page with its counts), create, update, delete, ordering and bulk actions for a collection screen. */
export function collectionOperations<C extends ContentType>(type: C) {
  const name = type.typeName;
  const field = type.queryField;
  // 'AdminCountries'; 'AdminNewsList' where the list field reads like the type name.
  const listName = capitalized(field) === name ? `${name}List` : capitalized(field);
  const flags = flagFieldsOf(type);
  const flagFilter = flags.includes('featured');
  const filterParams = flagFilter ? ', $featured: Boolean' : '';
  const filterArgs = flagFilter ? ', featured: $featured' : '';
  return {
    list: document<ListData<RecordOf<C>>, ListVariables>(
      `query Admin${listName}($limit: Int, $offset: Int, $search: String, $sort: String${filterParams}) {
        ${field}(limit: $limit, offset: $offset, search: $search, sort: $sort${filterArgs}) { ${selectionOf(type)} publication { ${PUBLICATION_SELECTION} } }
        matching: ${field}Count(search: $search${filterArgs})
        total: ${field}Count
        notOnSite: unpublishedItems(collection: "${type.restPath}", limit: ${NOT_ON_SITE_PAGE}) { items { ${PUBLICATION_SELECTION} } total }
      }`,
    ),
    rows: (data: ListData<RecordOf<C>>): RecordOf<C>[] => data[field] ?? [],
    /** One published record by id, with its publication (a link that opens it); null when not on the site. */
    item: document<Record<string, RecordOf<C> | null>, { id: number }>(
      `query Admin${name}Item($id: Int!) { ${type.itemField}(id: $id) { ${selectionOf(type)} publication { ${PUBLICATION_SELECTION} } } }`,
    ),
    itemField: type.itemField,
    /** The type can be filtered and bulk-updated by its `featured` flag. */
    featured: flagFilter,
    /** What the list can be sorted by on the server (besides the display order). */
    sortable: ['displayOrder', ...(type.listing?.sort ?? [])] as string[],
    create: document<unknown, { input: ContentInput }>(
      `mutation AdminCreate${name}($input: ${name}Input!) { create${name}(input: $input) { id } }`,
    ),
    update: updateOperation(type, 'id'),
    /** Keeps the form's values as the record's draft (the site keeps showing the published record). */
    saveDraft: saveDraftOperation(type),
    /** A new record that starts as a draft, not on the site. */
    createDraft: document<Record<string, Publication>, { input: ContentInput }>(
      `mutation AdminCreate${name}Draft($input: ${name}DraftInput!) { create${name}Draft(input: $input) { ${PUBLICATION_SELECTION} } }`,
    ),
    remove: document<unknown, { id: number }>(`mutation AdminDelete${name}($id: Int!) { delete${name}(id: $id) }`),
    move: document<unknown, { id: number; toIndex: number }>(
      `mutation AdminMove${name}($id: Int!, $toIndex: Int!) { move${name}(id: $id, toIndex: $toIndex) { id displayOrder version } }`,
    ),
    /** One record to a 0-based position (past the end: last); answers only the moved record. */
    place: document<unknown, { id: number; toIndex: number }>(
      `mutation AdminPlace${name}($id: Int!, $toIndex: Int!) { place${name}(id: $id, toIndex: $toIndex) { id displayOrder version } }`,
    ),
    removeMany: document<unknown, { ids: number[] }>(`mutation AdminDelete${name}Many($ids: [Int!]!) { delete${name}Many(ids: $ids) }`),
    /** Sets the featured flag of several records at once; null for a type without it. */
    updateFlags: flagFilter
      ? document<unknown, { ids: number[]; featured: boolean }>(
          `mutation AdminUpdate${name}Flags($ids: [Int!]!, $featured: Boolean!) { update${name}Flags(ids: $ids, featured: $featured) { id featured version } }`,
        )
      : null,
    /** REST path of the collection: names it in history and undo. */
    collection: type.restPath,
  };
}

/** Read and update for a singleton screen. */
export function singletonOperations<C extends ContentType>(type: C) {
  const field = type.queryField;
  const selection = selectionOf(type);
  return {
    get: document<Record<string, RecordOf<C> | null>, Record<string, never>>(`query Admin${capitalized(field)} { ${field} { ${selection} } }`),
    record: (data: Record<string, RecordOf<C> | null>): RecordOf<C> | null => data[field] ?? null,
    update: updateOperation(type, selection),
    saveDraft: saveDraftOperation(type),
    /** REST path of the singleton: names it in its history. */
    collection: type.restPath,
  };
}
