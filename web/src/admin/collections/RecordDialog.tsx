import { useRef, useState } from 'react';
import { Form } from 'formik';
import { Button, CloseButton, Dialog, Portal, Tabs } from '@chakra-ui/react';
import { DialogFormFooter } from '../forms/DialogFormFooter';
import { FORM_DIALOG_CONTENT, FORM_DIALOG_ROOT } from '../forms/dialog-layout';
import { confirmDiscard } from '../forms/confirm-discard';
import type { FieldSpec } from '../forms/field-spec';
import { RecordForm } from '../forms/RecordForm';
import { HistoryPanel } from '../history/HistoryPanel';
import type { DialogTab, RecordDialogControl } from './use-record-dialog';

/** The add/edit dialog of a collection screen: the record form, and the History tab when editing. */
export function RecordDialog<Row extends { id: number; version?: number }>({
  control,
  singular,
  path,
  collection,
  fields,
}: {
  control: RecordDialogControl<Row>;
  singular: string;
  /** Route under /admin (names the draft). */
  path: string;
  /** REST path of the collection (names the history). */
  collection: string;
  fields: FieldSpec[];
}) {
  const { dialog, tab, saver } = control;
  const title = `${dialog.editing ? 'Edit' : 'Add'} ${singular}`;
  // The History tab keeps the height the Details tab had: switching neither resizes nor moves the dialog.
  const content = useRef<HTMLDivElement>(null);
  const [detailsHeight, setDetailsHeight] = useState<number | null>(null);
  const switchTab = (next: DialogTab) => {
    if (next === 'history' && tab === 'details') setDetailsHeight(content.current?.offsetHeight ?? null);
    control.setTab(next);
  };
  const askThenClose = () => void confirmDiscard().then((discard) => discard && control.close());
  return (
    <Dialog.Root
      open={dialog.open}
      onOpenChange={(details) => {
        if (!details.open) askThenClose();
      }}
      {...FORM_DIALOG_ROOT}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={content} {...FORM_DIALOG_CONTENT} h={tab === 'history' && detailsHeight ? `${detailsHeight}px` : undefined}>
            <RecordForm
              key={dialog.formKey}
              record={dialog.editing}
              fields={control.fields}
              saver={saver}
              draftKey={`${path}:${dialog.editing?.id ?? 'new'}`}
              path={`/admin/${path}`}
              label={title}
            >
              {(form) => (
                <Form noValidate style={{ display: 'contents' }}>
                  <Dialog.Header>
                    <Dialog.Title>{title}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    {form.guard}
                    {form.notice}
                    {dialog.editing ? (
                      <Tabs.Root value={tab} onValueChange={(details) => switchTab(details.value as DialogTab)} variant="line">
                        <Tabs.List mb="4">
                          <Tabs.Trigger value="details">Details</Tabs.Trigger>
                          <Tabs.Trigger value="history">History</Tabs.Trigger>
                        </Tabs.List>
                        <Tabs.Content value="details">{form.fields}</Tabs.Content>
                        <Tabs.Content value="history">
                          {tab === 'history' && (
                            <HistoryPanel
                              collection={collection}
                              id={dialog.editing.id}
                              labelOf={(name) => fields.find((f) => f.name === name)?.label ?? name}
                              // A restored revision is a new version: the form takes the record as it is now.
                              onRestored={() => void saver.reload()}
                            />
                          )}
                        </Tabs.Content>
                      </Tabs.Root>
                    ) : (
                      form.fields
                    )}
                  </Dialog.Body>
                  {/* History saves nothing (a restore is its own action): no Save or Cancel there, only Done. */}
                  {dialog.editing && tab === 'history' ? (
                    <Dialog.Footer>
                      <Button variant="outline" onClick={askThenClose}>
                        Done
                      </Button>
                    </Dialog.Footer>
                  ) : (
                    <DialogFormFooter onCancel={askThenClose} saving={form.saving} />
                  )}
                </Form>
              )}
            </RecordForm>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
