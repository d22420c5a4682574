import { useState } from 'react';
import type { FormikHelpers } from 'formik';
import type { TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import type { ContentInput, UpdateVariables } from '../content-operations';
import type { Conflict } from './ConflictNotice';
import { onSaveFailure } from './save-failure';
import { inputFrom, type FieldSpec, type FormValues } from './field-spec';

/** A record a form edits: its id, and the version the form loaded (sent back so a stale save is refused). */
export interface SavedRecord {
  id: number;
  version?: number;
}

export interface SaveRecordOptions {
  fields: FieldSpec[];
  /** The add form's fields, when it shows fewer (a collection's add leaves the place to the server). */
  addFields?: FieldSpec[];
  /** Adds a record (collections). Without it a form that has no record only says `missingId`. */
  create?: TypedDocumentNode<unknown, { input: ContentInput }>;
  update: TypedDocumentNode<unknown, UpdateVariables>;
  messages: {
    /** Shown when the form's record has no id, e.g. 'No country ID'. */
    missingId: string;
    added?: string;
    updated: string;
    /** The failure toast of an add or an update, e.g. 'Failed to add country'. */
    failed(action: 'add' | 'update'): string;
    /** The failure toast when the current record cannot be loaded after a conflict. */
    reloadFailed: string;
  };
  /** After a save went through (its success toast is up): close the form, load the list again... */
  onSaved(): unknown;
  /** After a conflict: puts the current record in the form; rejects when it cannot be loaded. */
  load(): Promise<unknown>;
}

export interface RecordSaver<R extends SavedRecord> {
  /** The last save was refused as stale: the notice offers to reload the record. */
  conflict: Conflict | null;
  /** Adds (no record) or updates `record` with the form's values; failures go beside the fields, in a toast or to the conflict notice. */
  save(record: R | null, values: FormValues, helpers: FormikHelpers<FormValues>): Promise<void>;
  /** Loads the current record (after a conflict or a restored revision); the notice shows it reloading. */
  reload(): Promise<void>;
  clearConflict(): void;
}

/**
 * Saving a record and its version conflicts, for every admin form (the collection dialog and the
 * singleton screens): an update names the version the form loaded; the API refuses a stale one
 * (CONFLICT), and the form then offers the current record instead of overwriting someone's change.
 */
export function useSaveRecord<R extends SavedRecord>(options: SaveRecordOptions): RecordSaver<R> {
  const { fields, create, update, messages } = options;
  const client = useApolloClient();
  const failures = useAdminFailures();
  const [conflict, setConflict] = useState<Conflict | null>(null);

  async function save(record: R | null, values: FormValues, helpers: FormikHelpers<FormValues>) {
    // A form without a record adds one where the screen can add; an edit needs the record's id.
    if (record ? !record.id : !create) {
      notify('error', 'Error', messages.missingId);
      return;
    }
    // The form sends what it shows: a field left out of the add form takes the server's value.
    const input = inputFrom(record ? fields : (options.addFields ?? fields), values);
    const action = record ? 'update' : 'add';
    try {
      // `create` is optional (a singleton has none), so both go through the client rather than useMutation.
      if (record) {
        await client.mutate({ mutation: update, variables: { id: record.id, input, expectedVersion: record.version } });
        notify('success', 'Success', messages.updated);
      } else if (create) {
        await client.mutate({ mutation: create, variables: { input } });
        notify('success', 'Success', messages.added);
      }
      await options.onSaved();
    } catch (error) {
      onSaveFailure(error, helpers, {
        conflict: (change) => setConflict({ change, reloading: false }),
        report: (failure) => failures.report(failure, messages.failed(action)),
      });
    }
  }

  async function reload() {
    setConflict((c) => c && { ...c, reloading: true });
    try {
      await options.load();
      setConflict(null);
    } catch (error) {
      setConflict((c) => c && { ...c, reloading: false });
      failures.report(error, messages.reloadFailed);
    }
  }

  return { conflict, save, reload, clearConflict: () => setConflict(null) };
}
