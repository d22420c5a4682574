import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useAdminFailures } from '../auth/session-expiry';
import type { PublicationTarget } from '../publishing/use-publication-actions';
import type { Publication } from '../publishing/publication-operations';
import type { FieldSpec } from '../forms/field-spec';
import { useSaveRecord, type RecordSaver } from '../forms/use-save-record';
import type { CollectionDefinition } from './collection-definition';

/** closed -> open for add (empty defaults) | open for edit (prefilled from the chosen row) -> closed. */
export interface DialogState<Row> {
  open: boolean;
  editing: Row | null;
  /** Bumped on every open and close so the form starts over (resets). */
  formKey: number;
}

export type DialogTab = 'details' | 'history';

export interface RecordDialogControl<Row extends { id: number; version?: number }> {
  dialog: DialogState<Row>;
  tab: DialogTab;
  setTab(tab: DialogTab): void;
  saver: RecordSaver<Row>;
  /** The fields of the form shown: an add leaves out the place (the new record goes last). */
  fields: FieldSpec[];
  /** What the record's workflow actions need (all but the record itself). */
  workflow: Omit<PublicationTarget, 'id' | 'publication' | 'fields'>;
  openAdd(): void;
  openEdit(row: Row): void;
  close(): void;
}

/** A table row with its publication (the list selects it); an item not on the site has only that. */
export type WithPublication<Row> = Row & { publication?: Publication | null };

/**
 * The add/edit dialog of a collection screen: which row it edits, its tab, and saving (a save
 * closes it and loads the list again; after a conflict, Reload puts the row as it is now in a
 * fresh form, or closes the dialog if the row is gone).
 */
export function useRecordDialog<Row extends { id: number; version?: number }>(
  definition: CollectionDefinition<Row>,
  list: { refresh(): Promise<unknown>; refetchRows(): Promise<Row[]> },
): RecordDialogControl<Row> {
  const { operations } = definition;
  const client = useApolloClient();
  const failures = useAdminFailures();
  const [dialog, setDialog] = useState<DialogState<Row>>({ open: false, editing: null, formKey: 0 });
  const [tab, setTab] = useState<DialogTab>('details');
  const saver = useSaveRecord<Row>({
    fields: definition.fields,
    addFields: definition.addFields,
    create: operations.create,
    update: operations.update,
    messages: {
      missingId: definition.missingIdMessage,
      added: `${definition.entity} added successfully`,
      updated: `${definition.entity} updated successfully`,
      failed: (action) => `Failed to ${action} ${definition.noun}`,
      reloadFailed: `Failed to load ${definition.title.toLowerCase()}`,
    },
    onSaved: async () => {
      close();
      await list.refresh();
    },
    load: async () => {
      const id = dialog.editing?.id;
      const fresh = (await list.refetchRows()).find((row) => row.id === id);
      if (!fresh) close();
      else setDialog((d) => ({ open: true, editing: fresh, formKey: d.formKey + 1 }));
    },
  });

  function open(editing: Row | null) {
    saver.clearConflict();
    setTab('details');
    setDialog((d) => ({ open: true, editing, formKey: d.formKey + 1 }));
  }
  function close() {
    saver.clearConflict();
    setDialog((d) => ({ open: false, editing: null, formKey: d.formKey + 1 }));
  }

  // After a workflow action every list on screen may have changed (the table, "Not on the site").
  const refresh = () =>
    client.refetchQueries({ include: 'active' }).then(
      () => undefined,
      (error: unknown) => failures.report(error, `Failed to load ${definition.title.toLowerCase()}`),
    );
  const workflow: RecordDialogControl<Row>['workflow'] = {
    collection: operations.collection,
    saveDraft: operations.saveDraft,
    createDraft: operations.createDraft,
    entity: definition.entity,
    onChanged: async () => {
      close();
      await refresh();
    },
    onRefresh: refresh,
  };

  const fields = dialog.editing ? definition.fields : definition.addFields;
  return { dialog, tab, setTab, saver, fields, workflow, openAdd: () => open(null), openEdit: open, close };
}
