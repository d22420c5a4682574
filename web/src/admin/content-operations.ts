import { parse } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';
import { editableFields, type ContentType, type RecordOf } from '@consulting/model';

// The admin's GraphQL operations for a content type, derived from its declaration in the content
// model: the list (or singleton) query selects every field, the mutations take the type's input.
// content-operations.test.ts validates every one of them against the API's schema.

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The fields a screen reads: the shared columns and every editable field. */
export function selectionOf(type: ContentType): string {
  return ['id', 'version', ...Object.keys(editableFields(type)), ...(type.createdAt ? ['createdAt'] : [])].join(' ');
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

/** List, create, update and delete for a collection screen. */
export function collectionOperations<C extends ContentType>(type: C) {
  const name = type.typeName;
  const field = type.queryField;
  // 'AdminCountries'; 'AdminNewsList' where the list field reads like the type name.
  const listName = capitalized(field) === name ? `${name}List` : capitalized(field);
  return {
    list: document<Record<string, RecordOf<C>[]>, Record<string, never>>(`query Admin${listName} { ${field} { ${selectionOf(type)} } }`),
    rows: (data: Record<string, RecordOf<C>[]>): RecordOf<C>[] => data[field] ?? [],
    create: document<unknown, { input: ContentInput }>(
      `mutation AdminCreate${name}($input: ${name}Input!) { create${name}(input: $input) { id } }`,
    ),
    update: updateOperation(type, 'id'),
    remove: document<unknown, { id: number }>(`mutation AdminDelete${name}($id: Int!) { delete${name}(id: $id) }`),
    move: document<unknown, { id: number; toIndex: number }>(
      `mutation AdminMove${name}($id: Int!, $toIndex: Int!) { move${name}(id: $id, toIndex: $toIndex) { id displayOrder version } }`,
    ),
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
    /** REST path of the singleton: names it in its history. */
    collection: type.restPath,
  };
}
