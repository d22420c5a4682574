import { useEffect, useRef, useState } from 'react';
import { Form } from 'formik';
import { Button, CloseButton, Dialog, Portal, Tabs } from '@chakra-ui/react';
import { usePermissions } from '../auth/use-permissions';
import { FORM_DIALOG_CONTENT, FORM_DIALOG_ROOT } from '../forms/dialog-layout';
import { confirmDiscard } from '../forms/confirm-discard';
import { valuesFrom, type FieldSpec } from '../forms/field-spec';
import { RecordForm } from '../forms/RecordForm';
import { loadRichTextEditor } from '../forms/RichTextField';
import { HistoryPanel } from '../history/HistoryPanel';
import { DialogContainerContext } from '../publishing/dialog-container';
import { PublicationBar } from '../publishing/PublicationBar';
import { usePublicationActions } from '../publishing/use-publication-actions';
import { WorkflowFooter } from '../publishing/WorkflowFooter';
import type { DialogTab, RecordDialogControl, WithPublication } from './use-record-dialog';

/**
 * The add/edit dialog of a collection screen: the record form (with the record's draft when it
 * has one), its workflow (state, preview, share, schedule, draft actions as the role allows), and
 * the History tab when editing.
 */
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
  const editing = dialog.editing as WithPublication<Row> | null;
  const publication = editing?.publication ?? null;
  const canPublish = usePermissions().can('content.publish');
  const target = { ...control.workflow, id: editing?.id ?? null, publication, fields: control.fields };
  const actions = usePublicationActions(target);
  // The form opens with the draft's values when there is a draft (the live ones where it has none).
  const initialValues = editing && publication?.hasDraft && publication.values ? valuesFrom(control.fields, { ...editing, ...publication.values }) : undefined;
  const title = `${dialog.editing ? 'Edit' : 'Add'} ${singular}`;
  // The History tab keeps the height the Details tab had: switching neither resizes nor moves the dialog.
  const content = useRef<HTMLDivElement>(null);
  const [detailsHeight, setDetailsHeight] = useState<number | null>(null);
  const switchTab = (next: DialogTab) => {
    if (next === 'history' && tab === 'details') setDetailsHeight(content.current?.offsetHeight ?? null);
    control.setTab(next);
  };
  const askThenClose = () => void confirmDiscard().then((discard) => discard && control.close());
  // A type with rich text: its editor's chunk is fetched with the screen, so the dialog opens with it ready.
  const rich = control.fields.some((field) => field.kind === 'richText');
  useEffect(() => {
    if (rich) void loadRichTextEditor().catch(() => {}); // a failed fetch is tried again when the dialog needs it
  }, [rich]);
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
            <DialogContainerContext.Provider value={content}>
              <RecordForm
                key={dialog.formKey}
                record={dialog.editing}
                fields={control.fields}
                saver={saver}
                draftKey={`${path}:${dialog.editing?.id ?? 'new'}`}
                path={`/admin/${path}`}
                label={title}
                initialValues={initialValues}
                // Enter keeps a draft where Save would not publish the form as it is (a contributor; an item not on the site).
                submitDraft={canPublish && (!publication || publication.live) ? undefined : (values, helpers) => actions.saveDraft({ ...helpers, values, dirty: true })}
              >
                {(form) => (
                  <Form noValidate style={{ display: 'contents' }}>
                    <Dialog.Header>
                      <Dialog.Title>{title}</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>
                      {form.guard}
                      {form.notice}
                      {editing && (
                        <PublicationBar
                          target={{ ...target, id: editing.id }}
                          actions={actions}
                          label={publication?.label ?? singular}
                          canPublish={canPublish}
                          dirty={form.form.dirty}
                        />
                      )}
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
                                canRestore={canPublish}
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
                      <WorkflowFooter form={form.form} actions={actions} canPublish={canPublish} onSite={!publication || publication.live} onCancel={askThenClose} />
                    )}
                  </Form>
                )}
              </RecordForm>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </DialogContainerContext.Provider>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
