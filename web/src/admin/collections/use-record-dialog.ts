import { useState } from 'react';
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
  openAdd(): void;
  openEdit(row: Row): void;
  close(): void;
}

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

  const fields = dialog.editing ? definition.fields : definition.addFields;
  return { dialog, tab, setTab, saver, fields, openAdd: () => open(null), openEdit: open, close };
}
