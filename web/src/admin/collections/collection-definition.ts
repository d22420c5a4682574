import type { ReactNode } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import type { FieldSpec } from '../forms/field-spec';

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** Narrow columns (thumbnails, numbers) keep to their content. */
  width?: string;
  align?: 'start' | 'end' | 'center';
}

/**
 * Everything one admin table screen needs that differs between collections. The screen itself
 * (CollectionScreen) is shared: table, add/edit dialog, formik form, yup schema, toasts, refetch.
 */
export interface CollectionDefinition<Row extends { id: number }, ListData = unknown, Input = Record<string, unknown>> {
  /** Route under /admin. */
  path: string;
  /** Screen heading, e.g. 'Clients & Projects'. */
  title: string;
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
    update: TypedDocumentNode<unknown, { id: number; input: Input }>;
    remove: TypedDocumentNode<unknown, { id: number }>;
  };
}

type RowOf<ListData, K extends keyof ListData> = (ListData[K] extends ReadonlyArray<infer R> ? R : never) & { id: number };

/** A definition as written per collection: the list field names where the rows are. */
export interface CollectionDeclaration<ListData, K extends keyof ListData, Input>
  extends Omit<CollectionDefinition<RowOf<ListData, K>, ListData, Input>, 'operations'> {
  operations: Omit<CollectionDefinition<RowOf<ListData, K>, ListData, Input>['operations'], 'rows'> & {
    /** Field of the list query holding the rows, e.g. 'countries'. */
    listField: K;
  };
}

/** Types a collection's declaration from its generated documents (rows, fields and input agree). */
export function defineCollection<ListData, K extends keyof ListData, Input>(
  declaration: CollectionDeclaration<ListData, K, Input>,
): CollectionDefinition<RowOf<ListData, K>, ListData, Input> {
  const { listField, ...operations } = declaration.operations;
  return {
    ...declaration,
    operations: { ...operations, rows: (data) => data[listField] as unknown as RowOf<ListData, K>[] },
  };
}
