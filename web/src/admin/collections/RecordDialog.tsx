import { useMemo } from 'react';
import { Formik, Form, type FormikHelpers } from 'formik';
import { CloseButton, Dialog, Portal, Tabs } from '@chakra-ui/react';
import { DialogFormFooter } from '../forms/DialogFormFooter';
import { type Conflict, ConflictNotice } from '../forms/ConflictNotice';
import { FormFields } from '../forms/FormFields';
import { FormGuard } from '../forms/FormGuard';
import { FORM_DIALOG_CONTENT } from '../forms/dialog-layout';
import { confirmDiscard } from '../forms/confirm-discard';
import { emptyValuesOf, schemaOf, valuesFrom, type FieldSpec, type FormValues } from '../forms/field-spec';
import { HistoryPanel } from '../history/HistoryPanel';

/** closed -> open for add (empty defaults) | open for edit (prefilled from the chosen row) -> closed. */
export interface DialogState<Row> {
  open: boolean;
  editing: Row | null;
  /** Bumped on every open and close so the form starts over (resets). */
  formKey: number;
}

/** The add/edit dialog of a collection screen: the formik form, and the History tab when editing. */
export function RecordDialog<Row extends { id: number }>({
  dialog,
  singular,
  path,
  collection,
  fields,
  conflict,
  tab,
  onTab,
  onSave,
  onReload,
  onClose,
}: {
  dialog: DialogState<Row>;
  singular: string;
  /** Route under /admin (names the draft). */
  path: string;
  /** REST path of the collection (names the history). */
  collection: string;
  fields: FieldSpec[];
  conflict: Conflict | null;
  tab: 'details' | 'history';
  onTab(tab: 'details' | 'history'): void;
  onSave(values: FormValues, helpers: FormikHelpers<FormValues>): Promise<void>;
  /** Loads the record again (after a conflict or a restored revision). */
  onReload(): void;
  onClose(): void;
}) {
  const schema = useMemo(() => schemaOf(fields), [fields]);
  const emptyValues = useMemo(() => emptyValuesOf(fields), [fields]);
  const title = `${dialog.editing ? 'Edit' : 'Add'} ${singular}`;
  const askThenClose = () => void confirmDiscard().then((discard) => discard && onClose());
  return (
    <Dialog.Root
      open={dialog.open}
      onOpenChange={(details) => {
        if (!details.open) askThenClose();
      }}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...FORM_DIALOG_CONTENT}>
            <Formik
              key={dialog.formKey}
              initialValues={dialog.editing ? valuesFrom(fields, dialog.editing) : emptyValues}
              validationSchema={schema}
              onSubmit={onSave}
            >
              {({ isSubmitting }) => (
                <Form noValidate style={{ display: 'contents' }}>
                  <Dialog.Header>
                    <Dialog.Title>{title}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <FormGuard draftKey={`${path}:${dialog.editing?.id ?? 'new'}`} path={`/admin/${path}`} label={title} />
                    {conflict && <ConflictNotice conflict={conflict} onReload={onReload} />}
                    {dialog.editing ? (
                      <Tabs.Root value={tab} onValueChange={(details) => onTab(details.value as 'details' | 'history')} variant="line">
                        <Tabs.List mb="4">
                          <Tabs.Trigger value="details">Details</Tabs.Trigger>
                          <Tabs.Trigger value="history">History</Tabs.Trigger>
                        </Tabs.List>
                        <Tabs.Content value="details">
                          <FormFields fields={fields} />
                        </Tabs.Content>
                        <Tabs.Content value="history">
                          {tab === 'history' && (
                            <HistoryPanel
                              collection={collection}
                              id={dialog.editing.id}
                              labelOf={(name) => fields.find((f) => f.name === name)?.label ?? name}
                              onRestored={onReload}
                            />
                          )}
                        </Tabs.Content>
                      </Tabs.Root>
                    ) : (
                      <FormFields fields={fields} />
                    )}
                  </Dialog.Body>
                  <DialogFormFooter onCancel={askThenClose} saving={isSubmitting} />
                </Form>
              )}
            </Formik>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
