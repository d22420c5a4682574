import { useMemo, type ReactNode } from 'react';
import { Formik, type FormikHelpers, type FormikProps } from 'formik';
import { ConflictNotice } from './ConflictNotice';
import { FormFields } from './FormFields';
import { FormGuard } from './FormGuard';
import { draftErrorsOf, emptyValuesOf, schemaOf, valuesFrom, type FieldGroup, type FieldSpec, type FormValues } from './field-spec';
import type { RecordSaver, SavedRecord } from './use-save-record';

/** The pieces of a record form, for the screen to lay out (in a dialog, on a card). */
export interface RecordFormParts {
  /** Keeps unsaved work (draft offer, leave-page prompt): first in the form. */
  guard: ReactNode;
  /** The conflict notice after a stale save, with its Reload button (null without a conflict). */
  notice: ReactNode;
  /** The record's fields. */
  fields: ReactNode;
  /** A save is on its way. */
  saving: boolean;
  /** The formik form itself (the workflow actions read and mark its values). */
  form: FormikProps<FormValues>;
}

/**
 * The one form of a content record, shared by the collection dialog and the singleton screens:
 * the values of `record` (empty defaults without one), the model's yup schema, saving through
 * `saver` (version conflicts included), the draft guard. The caller lays out the parts inside a
 * formik <Form> (give it a `key` to start over with another record or version).
 */
export function RecordForm<R extends SavedRecord>({
  record,
  fields,
  groups,
  saver,
  draftKey,
  path,
  label,
  reinitialize = false,
  initialValues,
  submitDraft,
  children,
}: {
  record: R | null;
  fields: FieldSpec[];
  /** The fields in titled groups (a screen's layout); without them, one after the other. */
  groups?: readonly FieldGroup[];
  saver: RecordSaver<R>;
  /** Names the kept draft: the screen, and the record where a screen has several. */
  draftKey: string;
  /** Where the form lives (/admin/<screen>), to offer a kept draft back after signing in. */
  path: string;
  /** What the draft offer calls the form. */
  label: string;
  /** Take new values of the same record (formik's enableReinitialize). */
  reinitialize?: boolean;
  /** Values to start from instead of the record's (its draft's). */
  initialValues?: FormValues;
  /**
   * The form's submit (Enter) keeps a draft instead of publishing (a role that cannot publish):
   * only a draft's rules apply (incomplete is fine, malformed is not).
   */
  submitDraft?(values: FormValues, helpers: FormikHelpers<FormValues>): Promise<void>;
  children(parts: RecordFormParts): ReactNode;
}) {
  const schema = useMemo(() => schemaOf(fields), [fields]);
  const emptyValues = useMemo(() => emptyValuesOf(fields), [fields]);
  const { conflict } = saver;
  return (
    <Formik
      initialValues={initialValues ?? (record ? valuesFrom(fields, record) : emptyValues)}
      validationSchema={submitDraft ? undefined : schema}
      validate={submitDraft ? (values) => draftErrorsOf(fields, values) : undefined}
      enableReinitialize={reinitialize}
      onSubmit={(values, helpers) => (submitDraft ? submitDraft(values, helpers) : saver.save(record, values, helpers))}
    >
      {(form) =>
        children({
          form,
          guard: <FormGuard draftKey={draftKey} path={path} label={label} />,
          notice: conflict && <ConflictNotice conflict={conflict} onReload={() => void saver.reload()} />,
          fields: <FormFields fields={fields} groups={groups} />,
          saving: form.isSubmitting,
        })
      }
    </Formik>
  );
}
