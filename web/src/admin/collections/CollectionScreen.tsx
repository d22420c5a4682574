import { useMemo, useState } from 'react';
import { Formik, Form, type FormikHelpers } from 'formik';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Box,
  Button,
  CloseButton,
  Dialog,
  HStack,
  IconButton,
  Portal,
  Table,
  Text,
} from '@chakra-ui/react';
import { Pencil, Plus, Trash } from 'lucide-react';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { ConflictNotice } from '../forms/ConflictNotice';
import { onSaveFailure } from '../forms/save-failure';
import { FormFields } from '../forms/FormFields';
import { FormGuard } from '../forms/FormGuard';
import { FORM_DIALOG_CONTENT } from '../forms/dialog-layout';
import { confirmDiscard } from '../forms/confirm-discard';
import { emptyValuesOf, inputFrom, schemaOf, valuesFrom, type FormValues } from '../forms/field-spec';
import { ScreenHeader } from '../shell/ScreenHeader';
import type { CollectionDefinition } from './collection-definition';

/** Row actions stay in view when a wide table scrolls sideways on a phone. */
const stickyEnd = { position: 'sticky', insetEnd: '0', zIndex: '1', boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)' } as const;

/** closed -> open for add (empty defaults) | open for edit (prefilled from the chosen row) -> closed. */
interface DialogState<Row> {
  open: boolean;
  editing: Row | null;
  /** Bumped on every open and close so the form starts over (resets). */
  formKey: number;
}

/** The one table screen used by all six collections; `definition` says what differs. */
export function CollectionScreen<Row extends { id: number; version?: number }, ListData>({
  definition,
}: {
  definition: CollectionDefinition<Row, ListData>;
}) {
  const { operations, fields } = definition;
  const failures = useAdminFailures();
  const list = useQuery(operations.list);
  const [create] = useMutation(operations.create);
  const [update] = useMutation(operations.update);
  const [remove] = useMutation(operations.remove);
  const [dialog, setDialog] = useState<DialogState<Row>>({ open: false, editing: null, formKey: 0 });
  const [deleting, setDeleting] = useState<number | null>(null);
  /** The last save was refused as stale: offer to reload the record. */
  const [conflict, setConflict] = useState<'shown' | 'reloading' | null>(null);
  const schema = useMemo(() => schemaOf(fields), [fields]);
  const emptyValues = useMemo(() => emptyValuesOf(fields), [fields]);

  const openAdd = () => {
    setConflict(null);
    setDialog((d) => ({ open: true, editing: null, formKey: d.formKey + 1 }));
  };
  const openEdit = (row: Row) => {
    setConflict(null);
    setDialog((d) => ({ open: true, editing: row, formKey: d.formKey + 1 }));
  };
  const close = () => {
    setConflict(null);
    setDialog((d) => ({ open: false, editing: null, formKey: d.formKey + 1 }));
  };

  const refetchList = () =>
    list.refetch().catch((error: unknown) => failures.report(error, `Failed to load ${definition.title.toLowerCase()}`));

  async function save(values: FormValues, helpers: FormikHelpers<FormValues>) {
    const editing = dialog.editing;
    const action = editing ? 'update' : 'add';
    const input = inputFrom(fields, values);
    try {
      if (editing) {
        if (!editing.id) {
          notify('error', 'Error', definition.missingIdMessage);
          return;
        }
        await update({ variables: { id: editing.id, input, expectedVersion: editing.version } });
        notify('success', 'Success', `${definition.entity} updated successfully`);
      } else {
        await create({ variables: { input } });
        notify('success', 'Success', `${definition.entity} added successfully`);
      }
      close();
      await refetchList();
    } catch (error) {
      onSaveFailure(error, helpers, {
        conflict: () => setConflict('shown'),
        report: (failure) => failures.report(failure, `Failed to ${action} ${definition.noun}`),
      });
    }
  }

  /** After a conflict: the current record from the server, in a fresh form (or the dialog closes if it is gone). */
  async function reloadEditing() {
    const id = dialog.editing?.id;
    setConflict('reloading');
    try {
      const result = await list.refetch();
      const fresh = result.data ? operations.rows(result.data).find((row) => row.id === id) : undefined;
      if (!fresh) {
        close();
        return;
      }
      setConflict(null);
      setDialog((d) => ({ open: true, editing: fresh, formKey: d.formKey + 1 }));
    } catch (error) {
      setConflict('shown');
      failures.report(error, `Failed to load ${definition.title.toLowerCase()}`);
    }
  }

  async function deleteRow(row: Row) {
    if (!row.id) {
      notify('error', 'Error', definition.missingIdMessage);
      return;
    }
    setDeleting(row.id);
    try {
      await remove({ variables: { id: row.id } });
      notify('success', 'Success', `${definition.entity} deleted successfully`);
      await refetchList();
    } catch (error) {
      failures.report(error, `Failed to delete ${definition.noun}`);
    } finally {
      setDeleting(null);
    }
  }

  // Spec: a screen renders nothing while its data loads.
  if (list.loading && !list.data) return null;
  const rows = list.data ? operations.rows(list.data) : [];
  const title = `${dialog.editing ? 'Edit' : 'Add'} ${definition.singular}`;

  return (
    <Box>
      <ScreenHeader title={definition.title} description={definition.description}>
        <Button colorPalette="brand" onClick={openAdd}>
          <Plus /> Add {definition.singular}
        </Button>
      </ScreenHeader>

      {list.error && !list.data ? (
        <Text color="fg.error">Failed to load {definition.title.toLowerCase()}. Please try again later.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                {definition.columns.map((column) => (
                  <Table.ColumnHeader key={column.header} w={column.width} textAlign={column.align} py="3">
                    {column.header}
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader textAlign="end" w="1%" py="3" {...stickyEnd} bg="bg.subtle">
                  Actions
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={definition.columns.length + 1} py="10" textAlign="center" color="fg.muted">
                    Nothing here yet. Use “Add {definition.singular}” to create the first one.
                  </Table.Cell>
                </Table.Row>
              )}
              {rows.map((row) => {
                const label = definition.rowLabel(row);
                return (
                  <Table.Row key={row.id}>
                    {definition.columns.map((column) => (
                      <Table.Cell key={column.header} textAlign={column.align} py="2" whiteSpace="normal" minW={column.width ? undefined : '32'}>
                        {column.cell(row)}
                      </Table.Cell>
                    ))}
                    <Table.Cell textAlign="end" py="2" {...stickyEnd} bg="bg">
                      <HStack gap="1" justify="end">
                        <IconButton aria-label={`Edit ${label}`} title="Edit" size="sm" variant="ghost" onClick={() => openEdit(row)}>
                          <Pencil />
                        </IconButton>
                        <IconButton
                          aria-label={`Delete ${label}`}
                          title="Delete"
                          size="sm"
                          variant="ghost"
                          colorPalette="red"
                          loading={deleting === row.id}
                          onClick={() => void deleteRow(row)}
                        >
                          <Trash />
                        </IconButton>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}

      <Dialog.Root
        open={dialog.open}
        onOpenChange={(details) => {
          if (!details.open) void confirmDiscard().then((discard) => discard && close());
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
                onSubmit={save}
              >
                {({ isSubmitting }) => (
                  <Form noValidate style={{ display: 'contents' }}>
                    <Dialog.Header>
                      <Dialog.Title>{title}</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>
                      <FormGuard draftKey={`${definition.path}:${dialog.editing?.id ?? 'new'}`} path={`/admin/${definition.path}`} label={title} />
                      {conflict && <ConflictNotice onReload={() => void reloadEditing()} reloading={conflict === 'reloading'} />}
                      <FormFields fields={fields} />
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Button variant="outline" onClick={() => void confirmDiscard().then((discard) => discard && close())}>
                        Cancel
                      </Button>
                      <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Saving...">
                        Save
                      </Button>
                    </Dialog.Footer>
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
    </Box>
  );
}
