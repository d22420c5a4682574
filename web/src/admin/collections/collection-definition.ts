import type { ReactNode } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { editableFields, type ContentType } from '@consulting/model';
import { formFieldsOf, type FieldSpec } from '../forms/field-spec';

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** Narrow columns (thumbnails, numbers) keep to their content. */
  width?: string;
  align?: 'start' | 'end' | 'center';
}

/** Update variables: the version the form loaded goes along, so a stale save is refused. */
export interface UpdateVariables<Input> {
  id: number;
  input: Input;
  expectedVersion?: number | null;
}

/**
 * Everything one admin table screen needs. Labels and form fields come from the content model's
 * declaration; the screen's own file adds only its table columns, row label and operations. The
 * screen itself (CollectionScreen) is shared: table, add/edit dialog, formik form, yup schema,
 * toasts, refetch, version conflicts.
 */
export interface CollectionDefinition<Row extends { id: number; version?: number }, ListData = unknown, Input = Record<string, unknown>> {
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
  fields: FieldSpec[];
  operations: {
    list: TypedDocumentNode<ListData, Record<string, never>>;
    rows(data: ListData): Row[];
    create: TypedDocumentNode<unknown, { input: Input }>;
    update: TypedDocumentNode<unknown, UpdateVariables<Input>>;
    remove: TypedDocumentNode<unknown, { id: number }>;
  };
}

type RowOf<ListData, K extends keyof ListData> = (ListData[K] extends ReadonlyArray<infer R> ? R : never) & { id: number; version?: number };

/** What a screen's own file declares: its content type, table and operations. */
export interface CollectionDeclaration<ListData, K extends keyof ListData, Input> {
  type: ContentType;
  rowLabel(row: RowOf<ListData, K>): string;
  columns: Column<RowOf<ListData, K>>[];
  operations: Omit<CollectionDefinition<RowOf<ListData, K>, ListData, Input>['operations'], 'rows'> & {
    /** Field of the list query holding the rows, e.g. 'countries'. */
    listField: K;
  };
}

/** Completes a screen's declaration from its content type (labels, form fields) and types it from its documents. */
export function defineCollection<ListData, K extends keyof ListData, Input>(
  declaration: CollectionDeclaration<ListData, K, Input>,
): CollectionDefinition<RowOf<ListData, K>, ListData, Input> {
  const { type, rowLabel, columns } = declaration;
  const { listField, ...operations } = declaration.operations;
  return {
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
    fields: formFieldsOf(editableFields(type)),
    operations: { ...operations, rows: (data) => data[listField] as unknown as RowOf<ListData, K>[] },
  };
}
