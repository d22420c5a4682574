import { contentNames, type ContentNames } from './content-names.js';
import type { Field, Presence } from './fields.js';

// One declaration per content type: names, labels and fields. Every layer (database columns,
// GraphQL types and inputs, REST, validation, admin forms, routes and sidebar) is derived from it.

export interface Labels {
  /** 'Add {singular}' / 'Edit {singular}' (admin buttons and dialog titles). */
  singular: string;
  /** Screen and sidebar title: 'Clients & Projects'. */
  plural: string;
  /** Sidebar label when it differs from the title ('Clients'). */
  nav?: string;
  /** Subject of the success toasts and of 'not found': '{entity} added successfully'. */
  entity: string;
  /** Object of the failure toasts: 'Failed to add {noun}'. */
  noun: string;
  /** Shown when an edit target has no id: 'No country ID'. */
  missingId: string;
  /** Admin screen description. */
  description: string;
}

/** A value a field may hold (null: an optional field left empty). */
export type FieldData = string | number | boolean | null;

/**
 * What a content type's file declares. Its names (query fields, table, REST path, admin route)
 * derive from `typeName` (content-names.ts) unless given.
 */
export interface ContentTypeDeclaration<F extends Record<string, Field> = Record<string, Field>> extends Partial<ContentNames> {
  /** 'collection': many records ordered by display order; 'singleton': one record, updated by id. */
  kind: 'collection' | 'singleton';
  /** GraphQL object type ('TeamMember'; mutations createTeamMember...): the key every other name derives from. */
  typeName: string;
  /** A collection's name for many records ('News'); the English plural of typeName unless given. */
  plural?: string;
  labels: Labels;
  /** What a record is, for the API documentation. */
  description: string;
  /** The server stamps the creation time (never taken from a client). */
  createdAt?: boolean;
  /** The server stamps the time of every change (of what is published: the table holds only that). */
  updatedAt?: boolean;
  /**
   * Each record has a public page of its own at `<path>/<slug>` (the type then declares a `slug`
   * field, ownPage in shared-fields.ts, and `updatedAt`): its list page is `path`. An empty path
   * (simple pages): each record at `/<slug>`, no list page, and a slug may not be a first path
   * segment the site uses (RESERVED_PAGE_SLUGS and the API's route table).
   */
  page?: { path: string };
  /** The editable fields, in form order. Shared columns (id, displayOrder, version) are not listed. */
  fields: F;
  /** A collection's admin list: the text fields its search looks in, and the fields it can be sorted by. */
  listing?: Listing<F>;
  /**
   * A singleton's first record, created on a fresh installation: values for its fields; a field
   * not given starts at its default (declarationDefaults in initial-record.ts).
   */
  initial?: { readonly [K in keyof F]?: FieldData };
}

/** A content type with every name resolved: what the layers read. */
export type ContentType<F extends Record<string, Field> = Record<string, Field>> = ContentTypeDeclaration<F> & ContentNames;

/**
 * What a collection's list can be searched and sorted by. `search`: text fields, matched as one
 * case-insensitive substring search (a trigram index over them). `sort`: fields with an index of
 * their own (field, id); the display order is always sortable, `createdAt` where the type has it.
 */
export interface Listing<F extends Record<string, Field> = Record<string, Field>> {
  search: readonly (keyof F & string)[];
  sort: readonly ((keyof F & string) | 'createdAt')[];
}

/** Declares a content type, keeping the field types for the derived record types, its names resolved. */
export function contentType<const C extends ContentTypeDeclaration>(declaration: C): C & ContentNames {
  return { ...declaration, ...contentNames(declaration) };
}

/** The value type of a field. */
export type FieldValue<T> = T extends Field<infer V, Presence> ? V : never;
/** How a field is stored: 'required', 'optional' (nullable) or 'defaulted'. */
export type FieldPresence<T> = T extends Field<string | number | boolean, infer P> ? P : never;

type ValueAsRead<F> = FieldPresence<F> extends 'optional' ? FieldValue<F> | null : FieldValue<F>;

/** A record as the APIs return it (JSON): shared columns, then the declared fields. */
export type RecordOf<C extends ContentType> = { id: number; version: number } & {
  -readonly [K in keyof C['fields']]: ValueAsRead<C['fields'][K]>;
} & (C['kind'] extends 'collection' ? { displayOrder: number } : unknown) &
  (C['createdAt'] extends true ? { createdAt: string } : unknown) &
  (C['updatedAt'] extends true ? { updatedAt: string } : unknown);
