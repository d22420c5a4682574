import type { ReactNode } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { editableFields, type ContentType, type RecordOf } from '@consulting/model';
import { collectionOperations, type ContentInput, type DraftVariables, type ListData, type ListVariables, type UpdateVariables } from '../content-operations';
import type { Publication } from '../publishing/publication-operations';
import { formFieldsOf, type FieldSpec } from '../forms/field-spec';

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** Narrow columns (thumbnails, numbers) keep to their content. */
  width?: string;
  align?: 'start' | 'end' | 'center';
  /** Makes the column sortable on the server by this field (one of the type's `listing.sort`, or `displayOrder`). */
  sortField?: keyof Row & string;
}

/**
 * Everything one admin table screen needs. Labels, form fields and GraphQL operations come from
 * the content model's declaration; the screen's own file adds only its table columns and row
 * label. The screen itself (CollectionScreen) is shared: table, add/edit dialog, formik form, yup
 * schema, toasts, refetch, version conflicts.
 */
export interface CollectionDefinition<Row extends { id: number; version?: number }> {
  /** Route under /admin. */
  path: string;
  /** Screen heading, e.g. 'Clients & Projects'. */
  title: string;
  /** Sidebar label. */
  navLabel: string;
  description: string;
  /** 'Add {singular}' / 'Edit {singular}' (button and dialog titles). */
  singular: string;
  /** Subject of the success toasts: '{entity} added successfully'. */
  entity: string;
  /** Object of the failure toasts: 'Failed to add {noun}'. */
  noun: string;
  /** Shown when an edit target has no id, e.g. 'No country ID'. */
  missingIdMessage: string;
  /** Accessible name of a row for its edit/delete buttons. */
  rowLabel(row: Row): string;
  columns: Column<Row>[];
  /** The edit form's fields. */
  fields: FieldSpec[];
  /** The add form's fields: all but the place (a new record goes last; dragging or "Move to" places it). */
  addFields: FieldSpec[];
  operations: {
    /** A page of the list with its counts (`matching`: with the search and filter; `total`: all). */
    list: TypedDocumentNode<ListData<Row>, ListVariables>;
    rows(data: ListData<Row>): Row[];
    item: TypedDocumentNode<Record<string, Row | null>, { id: number }>;
    itemField: string;
    /** The list has the featured filter and bulk Feature / Unfeature. */
    featured: boolean;
    /** Fields the server can sort the list by. */
    sortable: string[];
    create: TypedDocumentNode<unknown, { input: ContentInput }>;
    update: TypedDocumentNode<unknown, UpdateVariables>;
    saveDraft: TypedDocumentNode<Record<string, Publication>, DraftVariables>;
    createDraft: TypedDocumentNode<Record<string, Publication>, { input: ContentInput }>;
    remove: TypedDocumentNode<unknown, { id: number }>;
    move: TypedDocumentNode<unknown, { id: number; toIndex: number }>;
    place: TypedDocumentNode<unknown, { id: number; toIndex: number }>;
    removeMany: TypedDocumentNode<unknown, { ids: number[] }>;
    updateFlags: TypedDocumentNode<unknown, { ids: number[]; featured: boolean }> | null;
    collection: string;
  };
}

/** What a screen's own file declares: its content type and its table. */
export interface CollectionDeclaration<C extends ContentType> {
  type: C;
  // The type alone decides C; rows and columns are checked against it.
  rowLabel(row: NoInfer<RecordOf<C>>): string;
  columns: Column<NoInfer<RecordOf<C>>>[];
}

/** Completes a screen's declaration from its content type: labels, form fields, operations. */
export function defineCollection<C extends ContentType>({ type, rowLabel, columns }: CollectionDeclaration<C>) {
  const definition: CollectionDefinition<RecordOf<C>> = {
    path: type.adminPath,
    title: type.labels.plural,
    navLabel: type.labels.nav ?? type.labels.plural,
    description: type.labels.description,
    singular: type.labels.singular,
    entity: type.labels.entity,
    noun: type.labels.noun,
    missingIdMessage: type.labels.missingId,
    rowLabel,
    columns,
    fields: formFieldsOf(editableFields(type), { pagePath: type.page?.path }),
    addFields: formFieldsOf(type.fields, { pagePath: type.page?.path }),
    operations: collectionOperations(type),
  };
  return definition;
}
