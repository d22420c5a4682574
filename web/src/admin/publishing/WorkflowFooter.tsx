import type { FormikProps } from 'formik';
import { Button, Dialog } from '@chakra-ui/react';
import type { FormValues } from '../forms/field-spec';
import type { PublicationActions } from './use-publication-actions';

/**
 * The footer of a record dialog. A role that publishes: Cancel, Save draft and Save (publishes, as
 * the spec's Save always did), or Publish for an item not on the site. A contributor: Cancel,
 * Submit for review and Save draft. The form's submit must match: RecordForm's `submitDraft`
 * where Save draft submits.
 */
export function WorkflowFooter({
  form,
  actions,
  canPublish,
  onSite,
  onCancel,
}: {
  form: FormikProps<FormValues>;
  actions: PublicationActions;
  canPublish: boolean;
  /** A new record or one on the site: Save publishes the form as it is. */
  onSite: boolean;
  onCancel(): void;
}) {
  const busy = actions.busy !== null || form.isSubmitting;
  // Where Save would not publish the form as it is, Save draft is the form's submit (Enter).
  const draftSubmits = !canPublish || !onSite;
  const saveDraft = (
    <Button
      type={draftSubmits ? 'submit' : 'button'}
      variant={canPublish ? 'outline' : 'solid'}
      colorPalette={canPublish ? undefined : 'brand'}
      loading={actions.busy === 'draft'}
      loadingText="Saving draft..."
      disabled={busy && actions.busy !== 'draft'}
      onClick={draftSubmits ? undefined : () => void actions.saveDraft(form)}
    >
      Save draft
    </Button>
  );
  return (
    <Dialog.Footer flexWrap="wrap" gap="3">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      {canPublish ? (
        <>
          {saveDraft}
          {onSite ? (
            <Button type="submit" colorPalette="brand" loading={form.isSubmitting} loadingText="Saving..." disabled={busy && !form.isSubmitting}>
              Save
            </Button>
          ) : (
            <Button colorPalette="brand" loading={actions.busy === 'publish'} loadingText="Publishing..." disabled={busy && actions.busy !== 'publish'} onClick={() => void actions.publish(form)}>
              Publish
            </Button>
          )}
        </>
      ) : (
        <>
          <Button variant="outline" loading={actions.busy === 'submit'} loadingText="Submitting..." disabled={busy && actions.busy !== 'submit'} onClick={() => void actions.submit(form)}>
            Submit for review
          </Button>
          {saveDraft}
        </>
      )}
    </Dialog.Footer>
  );
}
