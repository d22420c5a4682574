import { useState } from 'react';
import type { FormikHelpers } from 'formik';
import type { TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import type { ContentInput, DraftVariables } from '../content-operations';
import { draftErrorsOf, draftInputFrom, publishErrorsOf, type FieldSpec, type FormValues } from '../forms/field-spec';
import { onSaveFailure } from '../forms/save-failure';
import {
  discardDraftDocument,
  publishDocument,
  submitForReviewDocument,
  unpublishDocument,
  type Publication,
} from './publication-operations';

/** What the workflow of one record needs: where it is, how to save its draft, what to call it. */
export interface PublicationTarget {
  /** REST path of the content type (names it to the API). */
  collection: string;
  /** The record (null: a new one, not saved yet). */
  id: number | null;
  publication: Publication | null;
  fields: FieldSpec[];
  saveDraft: TypedDocumentNode<Record<string, Publication>, DraftVariables>;
  /** Starts a new record as a draft (collections). */
  createDraft?: TypedDocumentNode<Record<string, Publication>, { input: ContentInput }>;
  /** Subject of the toasts: 'News article'. */
  entity: string;
  /** After an action went through: close the form, load the lists again. */
  onChanged(): unknown;
  /** After a change beside the form (a schedule): load the lists again, the form stays. */
  onRefresh?(): unknown;
}

/** What the actions need of a formik form (its props, or a submit's helpers with the values). */
export type WorkflowForm = FormikHelpers<FormValues> & { values: FormValues; dirty: boolean };

export type PublicationAction = 'draft' | 'publish' | 'unpublish' | 'discard' | 'submit';

export interface PublicationActions {
  /** The action on its way (its button shows busy; the others wait). */
  busy: PublicationAction | null;
  saveDraft(form: WorkflowForm): Promise<void>;
  /** Saves the form as the draft when it changed (or is new), then publishes it. */
  publish(form: WorkflowForm): Promise<void>;
  unpublish(): Promise<void>;
  discard(): Promise<void>;
  /** Saves the form as the draft when it changed (or is new), then puts it on the review list. */
  submit(form: WorkflowForm): Promise<void>;
}

const first = (data: Record<string, Publication> | null | undefined): Publication | undefined => (data ? Object.values(data)[0] : undefined);

/**
 * The editorial actions of a record form (collection dialog, singleton screen). A draft keeps the
 * form's values privately (incomplete is fine, malformed is not); publishing is checked as
 * strictly as a save.
 */
export function usePublicationActions(target: PublicationTarget): PublicationActions {
  const client = useApolloClient();
  const failures = useAdminFailures();
  const [busy, setBusy] = useState<PublicationAction | null>(null);
  const { collection, entity } = target;

  /** Keeps the form as the draft; answers the record's id, or null when the form has errors or the save failed. */
  async function keepDraft(form: WorkflowForm, failure: string): Promise<number | null> {
    const errors = draftErrorsOf(target.fields, form.values);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      void form.setTouched(Object.fromEntries(Object.keys(errors).map((name) => [name, true])), false);
      return null;
    }
    const input = draftInputFrom(target.fields, form.values);
    try {
      if (target.id === null) {
        if (!target.createDraft) return null;
        const result = await client.mutate({ mutation: target.createDraft, variables: { input } });
        return first(result.data)?.recordId ?? null;
      }
      await client.mutate({
        mutation: target.saveDraft,
        variables: { id: target.id, input, expectedDraftVersion: target.publication?.draftVersion ?? null },
      });
      return target.id;
    } catch (error) {
      onSaveFailure(error, form, {
        conflict: () => notify('error', failure, 'Someone else saved this draft meanwhile. Close the form and open it again to see their changes.'),
        report: (e) => failures.report(e, failure),
      });
      return null;
    }
  }

  async function run(action: PublicationAction, work: () => Promise<boolean>) {
    if (busy) return;
    setBusy(action);
    try {
      if (await work()) await target.onChanged();
    } finally {
      setBusy(null);
    }
  }

  /** The record's id with the form's changes kept as its draft first (when there are any). */
  const withDraft = async (form: WorkflowForm, failure: string) =>
    form.dirty || target.id === null ? keepDraft(form, failure) : target.id;

  async function mutate(work: () => Promise<unknown>, done: string, failure: string): Promise<boolean> {
    try {
      await work();
      notify('success', 'Success', done);
      return true;
    } catch (error) {
      failures.report(error, failure);
      return false;
    }
  }

  return {
    busy,
    saveDraft: (form) =>
      run('draft', async () => {
        const id = await keepDraft(form, 'Failed to save the draft');
        if (id === null) return false;
        // Only a record on the site has a published version to keep showing.
        const onSite = target.id !== null && (target.publication?.live ?? true);
        notify('success', 'Success', onSite ? 'Draft saved. The site still shows the published version.' : 'Draft saved. It is not on the site.');
        return true;
      }),
    publish: (form) =>
      run('publish', async () => {
        // Publishing checks every rule, as a save does.
        const errors = publishErrorsOf(target.fields, form.values);
        if (Object.keys(errors).length > 0) {
          form.setErrors(errors);
          void form.setTouched(Object.fromEntries(Object.keys(errors).map((name) => [name, true])), false);
          return false;
        }
        const id = await withDraft(form, `Failed to publish`);
        if (id === null) return false;
        try {
          await client.mutate({ mutation: publishDocument, variables: { collection, id } });
          notify('success', 'Success', `${entity} published`);
          return true;
        } catch (error) {
          onSaveFailure(error, form, { conflict: () => undefined, report: (e) => failures.report(e, 'Failed to publish') });
          return false;
        }
      }),
    unpublish: () =>
      run('unpublish', () =>
        mutate(() => client.mutate({ mutation: unpublishDocument, variables: { collection, id: target.id! } }), `${entity} taken off the site`, 'Failed to unpublish'),
      ),
    discard: () =>
      run('discard', () =>
        mutate(() => client.mutate({ mutation: discardDraftDocument, variables: { collection, id: target.id! } }), 'Draft discarded', 'Failed to discard the draft'),
      ),
    submit: (form) =>
      run('submit', async () => {
        const id = await withDraft(form, 'Failed to submit for review');
        if (id === null) return false;
        return mutate(() => client.mutate({ mutation: submitForReviewDocument, variables: { collection, id } }), 'Submitted for review', 'Failed to submit for review');
      }),
  };
}
