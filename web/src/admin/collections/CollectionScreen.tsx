import { useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Formik, Form, type FormikHelpers } from 'formik';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Box,
  Button,
  CloseButton,
  Dialog,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Portal,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown, GripVertical, Pencil, Plus, Search, Trash } from 'lucide-react';
import { AdminUndoDeleteDocument } from '../../graphql/generated/graphql';
import { notify, toaster } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { DialogFormFooter } from '../forms/DialogFormFooter';
import { type Conflict, ConflictNotice } from '../forms/ConflictNotice';
import { onSaveFailure } from '../forms/save-failure';
import { FormFields } from '../forms/FormFields';
import { FormGuard } from '../forms/FormGuard';
import { FORM_DIALOG_CONTENT } from '../forms/dialog-layout';
import { confirmDiscard } from '../forms/confirm-discard';
import { emptyValuesOf, inputFrom, schemaOf, valuesFrom, type FormValues } from '../forms/field-spec';
import { ScreenHeader } from '../shell/ScreenHeader';
import type { CollectionDefinition } from './collection-definition';
import { HistoryPanel } from '../history/HistoryPanel';
import { cardActionsCell, cardBody, cardCell, cardMessageCell, cardMessageRow, cardRow, cardScrollArea, cardTable, stickyEnd, visuallyHiddenOnPhones } from '../shell/card-table';
import { visibleRows, type SortState } from './row-order';

/** One table row that can be dragged by its handle (mouse, touch) or moved with the keyboard. */
function SortableRow({ id, label, enabled, children }: { id: number; label: string; enabled: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !enabled });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined };
  return (
    <Table.Row ref={setNodeRef} style={style} {...cardRow} shadow={isDragging ? 'lg' : undefined} data-row-id={id}>
      {enabled && (
        <Table.Cell {...cardCell} _before={undefined} w="1%" px={{ base: '0', md: '1' }}>
          <IconButton
            ref={setActivatorNodeRef}
            aria-label={`Move ${label}`}
            title="Drag to reorder (or press Space, then the arrow keys)"
            size="sm"
            variant="ghost"
            cursor="grab"
            touchAction="none"
            {...attributes}
            {...listeners}
          >
            <GripVertical />
          </IconButton>
        </Table.Cell>
      )}
      {children}
    </Table.Row>
  );
}

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
  const [move] = useMutation(operations.move);
  const [undoDelete] = useMutation(AdminUndoDeleteDocument);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  /** The order shown while a move is on its way to the server. */
  const [pendingOrder, setPendingOrder] = useState<number[] | null>(null);
  const [tab, setTab] = useState<'details' | 'history'>('details');
  const headingRef = useRef<HTMLDivElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [dialog, setDialog] = useState<DialogState<Row>>({ open: false, editing: null, formKey: 0 });
  const [deleting, setDeleting] = useState<number | null>(null);
  /** The last save was refused as stale: offer to reload the record. */
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const schema = useMemo(() => schemaOf(fields), [fields]);
  const emptyValues = useMemo(() => emptyValuesOf(fields), [fields]);

  const openAdd = () => {
    setConflict(null);
    setTab('details');
    setDialog((d) => ({ open: true, editing: null, formKey: d.formKey + 1 }));
  };
  const openEdit = (row: Row) => {
    setConflict(null);
    setTab('details');
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
        conflict: (change) => setConflict({ change, reloading: false }),
        report: (failure) => failures.report(failure, `Failed to ${action} ${definition.noun}`),
      });
    }
  }

  /** After a conflict: the current record from the server, in a fresh form (or the dialog closes if it is gone). */
  async function reloadEditing() {
    const id = dialog.editing?.id;
    setConflict((c) => c && { ...c, reloading: true });
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
      setConflict((c) => c && { ...c, reloading: false });
      failures.report(error, `Failed to load ${definition.title.toLowerCase()}`);
    }
  }

  async function deleteRow(row: Row) {
    if (!row.id) {
      notify('error', 'Error', definition.missingIdMessage);
      return;
    }
    setDeleting(row.id);
    const id = row.id;
    const rowsNow = list.data ? operations.rows(list.data) : [];
    const next = rowsNow[rowsNow.findIndex((r) => r.id === id) + 1] ?? rowsNow[rowsNow.findIndex((r) => r.id === id) - 1];
    try {
      await remove({ variables: { id } });
      toaster.remove();
      toaster.create({
        type: 'success',
        title: 'Success',
        description: `${definition.entity} deleted successfully`,
        closable: true,
        duration: 8000,
        action: { label: 'Undo', onClick: () => void undo(id) },
      });
      await refetchList();
      // Focus goes to the neighbouring row's edit button, or the screen heading when none is left.
      requestAnimationFrame(() => {
        const target = next && document.querySelector<HTMLElement>(`[data-row-id="${next.id}"] [data-edit]`);
        (target ?? headingRef.current?.querySelector<HTMLElement>('h1, h2'))?.focus();
      });
    } catch (error) {
      failures.report(error, `Failed to delete ${definition.noun}`);
    } finally {
      setDeleting(null);
    }
  }

  async function undo(id: number) {
    try {
      await undoDelete({ variables: { collection: operations.collection, id } });
      notify('success', 'Success', `${definition.entity} restored`);
      await refetchList();
    } catch (error) {
      failures.report(error, `Failed to restore the ${definition.noun}`);
    }
  }

  async function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const ids = rows.map((r) => r.id);
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    const reordered = [...ids];
    reordered.splice(from, 1);
    reordered.splice(to, 0, Number(active.id));
    setPendingOrder(reordered);
    try {
      await move({ variables: { id: Number(active.id), toIndex: to } });
      await list.refetch();
    } catch (error) {
      failures.report(error, `Failed to move the ${definition.noun}`);
    } finally {
      setPendingOrder(null);
    }
  }

  const labelOfId = (id: unknown) => {
    const row = allRows.find((r) => r.id === Number(id));
    return row ? definition.rowLabel(row) : 'item';
  };
  const positionOf = (id: unknown) => rows.findIndex((r) => r.id === Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOfId(active.id)}, position ${positionOf(active.id)} of ${rows.length}.`,
    onDragOver: ({ active, over }) => (over ? `${labelOfId(active.id)} moved to position ${positionOf(over.id)} of ${rows.length}.` : `${labelOfId(active.id)} is not over a row.`),
    onDragEnd: ({ active, over }) => (over ? `${labelOfId(active.id)} dropped at position ${positionOf(over.id)} of ${rows.length}.` : `${labelOfId(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${labelOfId(active.id)} cancelled.`,
  };

  // Spec: a screen renders nothing while its data loads.
  if (list.loading && !list.data) return null;
  const allRows = list.data ? operations.rows(list.data) : [];
  const ordered = pendingOrder ? pendingOrder.map((id) => allRows.find((r) => r.id === id)).filter((r): r is Row => !!r) : allRows;
  const rows = visibleRows(ordered, definition.columns, query, sort);
  // Dragging means "change the public order": only offered while the table shows that order in full.
  const draggable = !query && !sort && allRows.length > 1;
  const toggleSort = (header: string) =>
    setSort((current) =>
      current?.header !== header ? { header, direction: 'ascending' } : current.direction === 'ascending' ? { header, direction: 'descending' } : null,
    );
  const title = `${dialog.editing ? 'Edit' : 'Add'} ${definition.singular}`;

  return (
    <Box>
      <Box ref={headingRef}>
        <ScreenHeader title={definition.title} description={definition.description}>
          <Button colorPalette="brand" onClick={openAdd}>
            <Plus /> Add {definition.singular}
          </Button>
        </ScreenHeader>
      </Box>

      {list.error && !list.data ? (
        <Text color="fg.error">Failed to load {definition.title.toLowerCase()}. Please try again later.</Text>
      ) : (
        <>
          <HStack mb="3" gap="3" wrap="wrap">
            <InputGroup startElement={<Search size="16" />} maxW={{ md: 'sm' }} flex="1">
              <Input
                type="search"
                placeholder={`Search ${definition.title.toLowerCase()}`}
                aria-label={`Search ${definition.title.toLowerCase()}`}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                bg="bg"
              />
            </InputGroup>
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {query ? `${rows.length} of ${allRows.length} shown` : draggable ? 'Drag ⋮⋮ to reorder' : ''}
            </Text>
          </HStack>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={(event) => void onDragEnd(event)}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable: 'To move a row, press Space or Enter, use the arrow keys, then Space or Enter to drop it, or Escape to cancel.',
              },
            }}
          >
            <Table.ScrollArea {...cardScrollArea}>
              <Table.Root size="sm" {...cardTable}>
                <Table.Header {...visuallyHiddenOnPhones}>
                  <Table.Row bg="bg.subtle">
                    {draggable && (
                      <Table.ColumnHeader w="1%" py="3" px="1">
                        <Box srOnly>Order</Box>
                      </Table.ColumnHeader>
                    )}
                    {definition.columns.map((column) => {
                      const sorted = sort?.header === column.header ? sort.direction : undefined;
                      return (
                        <Table.ColumnHeader key={column.header} w={column.width} textAlign={column.align} py="3" aria-sort={column.sortValue ? (sorted ?? 'none') : undefined}>
                          {column.sortValue ? (
                            <Button variant="plain" size="sm" px="0" h="auto" fontWeight="semibold" onClick={() => toggleSort(column.header)}>
                              {column.header}
                              {sorted === 'ascending' ? <ArrowUp /> : sorted === 'descending' ? <ArrowDown /> : <ArrowUpDown opacity={0.4} />}
                            </Button>
                          ) : (
                            column.header
                          )}
                        </Table.ColumnHeader>
                      );
                    })}
                    <Table.ColumnHeader textAlign="end" w="1%" py="3" {...stickyEnd} bg="bg.subtle">
                      Actions
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body {...cardBody}>
                  {rows.length === 0 && (
                    <Table.Row {...cardMessageRow}>
                      <Table.Cell colSpan={definition.columns.length + 2} {...cardMessageCell}>
                        {query ? `Nothing matches “${query}”.` : `Nothing here yet. Use “Add ${definition.singular}” to create the first one.`}
                      </Table.Cell>
                    </Table.Row>
                  )}
                  <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
                    {rows.map((row) => {
                      const label = definition.rowLabel(row);
                      return (
                        <SortableRow key={row.id} id={row.id} label={label} enabled={draggable}>
                          {definition.columns.map((column) => (
                            <Table.Cell
                              key={column.header}
                              data-label={column.header}
                              textAlign={{ md: column.align }}
                              minW={{ md: column.width ? undefined : '32' }}
                              {...cardCell}
                            >
                              {column.cell(row)}
                            </Table.Cell>
                          ))}
                          <Table.Cell {...cardActionsCell}>
                            <HStack gap={{ base: '4', md: '1' }} justify="end">
                              <IconButton aria-label={`Edit ${label}`} title="Edit" size="sm" variant="ghost" data-edit onClick={() => openEdit(row)}>
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
                        </SortableRow>
                      );
                    })}
                  </SortableContext>
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </DndContext>
        </>
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
                      {conflict && <ConflictNotice conflict={conflict} onReload={() => void reloadEditing()} />}
                      {dialog.editing ? (
                        <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as 'details' | 'history')} variant="line">
                          <Tabs.List mb="4">
                            <Tabs.Trigger value="details">Details</Tabs.Trigger>
                            <Tabs.Trigger value="history">History</Tabs.Trigger>
                          </Tabs.List>
                          <Tabs.Content value="details">
                            <FormFields fields={fields} />
                          </Tabs.Content>
                          <Tabs.Content value="history">
                            {tab === 'history' && <HistoryPanel
                              collection={operations.collection}
                              id={dialog.editing.id}
                              labelOf={(name) => fields.find((f) => f.name === name)?.label ?? name}
                              onRestored={() => void reloadEditing()}
                            />}
                          </Tabs.Content>
                        </Tabs.Root>
                      ) : (
                        <FormFields fields={fields} />
                      )}
                    </Dialog.Body>
                    <DialogFormFooter onCancel={() => void confirmDiscard().then((discard) => discard && close())} saving={isSubmitting} />
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
