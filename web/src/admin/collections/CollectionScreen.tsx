import { useEffect, useRef, useState } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { FormikHelpers } from 'formik';
import type { WatchQueryFetchPolicy } from '@apollo/client';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, HStack, IconButton, Input, InputGroup, NativeSelect, Table, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, Plus, Search, Trash } from 'lucide-react';
import { AdminUndoDeleteDocument } from '../../graphql/generated/graphql';
import { notify, toaster } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import type { Conflict } from '../forms/ConflictNotice';
import { onSaveFailure } from '../forms/save-failure';
import { inputFrom, type FormValues } from '../forms/field-spec';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import { undoDeleteManyDocument } from '../content-operations';
import { firstFetchPolicy } from '../first-screen-data';
import { ScreenHeader } from '../shell/ScreenHeader';
import { cardActionsCell, cardBody, cardCell, cardMessageCell, cardMessageRow, cardScrollArea, cardTable, stickyEnd, visuallyHiddenOnPhones } from '../shell/card-table';
import type { CollectionDefinition } from './collection-definition';
import { BulkBar, countOf } from './BulkBar';
import { MAX_SEARCH, PAGE_SIZE, useListState, type FeaturedFilter } from './list-state';
import { MoveDialog } from './MoveDialog';
import { Pager } from './Pager';
import { RecordDialog, type DialogState } from './RecordDialog';
import { MoveMenu, SelectBox, SortableRow, type MoveChoice } from './table-rows';

/** After a list answered from the cache: another page, search, sort or filter is asked for as usual (cache and network). */
const nextListPolicy = (_current: WatchQueryFetchPolicy, { reason }: { reason: string }): WatchQueryFetchPolicy =>
  reason === 'variables-changed' ? 'cache-and-network' : 'cache-first';

/**
 * The one table screen used by all six collections; `definition` says what differs. The list is
 * paged, searched, sorted and filtered on the server; the screen's state lives in the URL.
 */
export function CollectionScreen<Row extends { id: number; version?: number }>({ definition }: { definition: CollectionDefinition<Row> }) {
  const { operations, fields } = definition;
  const failures = useAdminFailures();
  const state = useListState({ sortable: operations.sortable, featuredFilter: operations.featured });
  // The visit's first list may already be on its way (first-screen-data.ts): then it is not asked twice.
  const [firstPolicy] = useState(() => firstFetchPolicy(operations.list, state.variables, 'cache-and-network'));
  const list = useQuery(operations.list, {
    variables: state.variables,
    fetchPolicy: firstPolicy,
    ...(firstPolicy === 'cache-first' && { nextFetchPolicy: nextListPolicy }),
  });
  const [create] = useMutation(operations.create);
  const [update] = useMutation(operations.update);
  const [remove] = useMutation(operations.remove);
  const [place] = useMutation(operations.place);
  const [removeMany] = useMutation(operations.removeMany);
  const client = useApolloClient();
  const [undoDelete] = useMutation(AdminUndoDeleteDocument);
  const [undoDeleteMany] = useMutation(undoDeleteManyDocument);
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
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkBusy, setBulkBusy] = useState<'delete' | 'feature' | 'unfeature' | null>(null);
  const [moving, setMoving] = useState<{ row: Row; label: string; position: number } | null>(null);

  // A selection belongs to the rows it was made on: another page, search, sort or filter clears it.
  const listKey = JSON.stringify(state.variables);
  useEffect(() => setSelected((current) => (current.size ? new Set() : current)), [listKey]);

  const data = list.data ?? list.previousData;
  const allRows = data ? operations.rows(data) : [];
  const matching = data?.matching ?? 0;
  const total = data?.total ?? 0;
  const offset = state.variables.offset;
  const lastPage = Math.max(1, Math.ceil(matching / PAGE_SIZE));
  // A search's count stops after SEARCH_COUNT_LIMIT: SEARCH_COUNT_LIMIT + 1 means "more than that".
  const capped = !!state.variables.search && matching > SEARCH_COUNT_LIMIT;

  // Past the last page (rows deleted, an old link): go to the last one.
  const pastTheEnd = !!list.data && allRows.length === 0 && state.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) state.setPage(lastPage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the page turns out empty
  }, [pastTheEnd, lastPage]);

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

  /** After rows leave the table: focus the given row's edit button, or the screen heading. */
  const focusAfter = (nextId: number | undefined) =>
    requestAnimationFrame(() => {
      const target = nextId !== undefined && document.querySelector<HTMLElement>(`[data-row-id="${nextId}"] [data-edit]`);
      (target || headingRef.current?.querySelector<HTMLElement>('h1, h2'))?.focus();
    });

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
    const index = allRows.findIndex((r) => r.id === id);
    const next = allRows[index + 1] ?? allRows[index - 1];
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
      focusAfter(next?.id);
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

  const selectedIds = allRows.filter((row) => selected.has(row.id)).map((row) => row.id);

  async function deleteSelected() {
    const ids = selectedIds;
    if (ids.length === 0) return;
    setBulkBusy('delete');
    try {
      await removeMany({ variables: { ids } });
      toaster.remove();
      toaster.create({
        type: 'success',
        title: 'Success',
        description: `${countOf(ids.length, definition.noun)} deleted successfully`,
        closable: true,
        duration: 8000,
        action: { label: 'Undo', onClick: () => void undoMany(ids) },
      });
      setSelected(new Set());
      await refetchList();
      focusAfter(allRows.find((row) => !ids.includes(row.id))?.id);
    } catch (error) {
      failures.report(error, `Failed to delete the selected ${countOf(ids.length, definition.noun).replace(/^\S+ /, '')}`);
    } finally {
      setBulkBusy(null);
    }
  }

  async function undoMany(ids: number[]) {
    try {
      await undoDeleteMany({ variables: { collection: operations.collection, ids } });
      notify('success', 'Success', `${countOf(ids.length, definition.noun)} restored`);
      await refetchList();
    } catch (error) {
      failures.report(error, `Failed to restore the ${countOf(ids.length, definition.noun).replace(/^\S+ /, '')}`);
    }
  }

  async function featureSelected(featured: boolean) {
    const ids = selectedIds;
    if (ids.length === 0 || !operations.updateFlags) return;
    setBulkBusy(featured ? 'feature' : 'unfeature');
    try {
      await client.mutate({ mutation: operations.updateFlags, variables: { ids, featured } });
      notify('success', 'Success', `${countOf(ids.length, definition.noun)} ${featured ? 'featured' : 'unfeatured'}`);
      setSelected(new Set());
      await refetchList();
    } catch (error) {
      failures.report(error, `Failed to update the selected ${countOf(ids.length, definition.noun).replace(/^\S+ /, '')}`);
    } finally {
      setBulkBusy(null);
    }
  }

  /** One request: the row to a 0-based place in the public order (past the end: last). */
  async function moveTo(row: Row, toIndex: number, announce: boolean): Promise<boolean> {
    try {
      await place({ variables: { id: row.id, toIndex } });
      if (announce) notify('success', 'Success', `${definition.entity} moved to position ${Math.min(toIndex, total - 1) + 1}`);
      await list.refetch();
      return true;
    } catch (error) {
      failures.report(error, `Failed to move the ${definition.noun}`);
      return false;
    }
  }

  function chooseMove(row: Row, index: number, choice: MoveChoice) {
    const label = definition.rowLabel(row);
    if (choice === 'position') {
      setMoving({ row, label, position: offset + index + 1 });
      return;
    }
    const next = allRows[index + 1] ?? allRows[index - 1];
    void moveTo(row, choice === 'top' ? 0 : total - 1, true).then((moved) => moved && focusAfter(next?.id));
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
    const row = rows[from];
    if (row) await moveTo(row, offset + to, false);
    setPendingOrder(null);
  }

  const labelOfId = (id: unknown) => {
    const row = allRows.find((r) => r.id === Number(id));
    return row ? definition.rowLabel(row) : 'item';
  };
  const positionOf = (id: unknown) => offset + rows.findIndex((r) => r.id === Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOfId(active.id)}, position ${positionOf(active.id)} of ${total}.`,
    onDragOver: ({ active, over }) => (over ? `${labelOfId(active.id)} moved to position ${positionOf(over.id)} of ${total}.` : `${labelOfId(active.id)} is not over a row.`),
    onDragEnd: ({ active, over }) => (over ? `${labelOfId(active.id)} dropped at position ${positionOf(over.id)} of ${total}.` : `${labelOfId(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${labelOfId(active.id)} cancelled.`,
  };

  // Spec: a screen renders nothing while its data loads.
  if (!data && list.loading) return null;
  const rows = pendingOrder ? pendingOrder.map((id) => allRows.find((r) => r.id === id)).filter((r): r is Row => !!r) : allRows;
  // Dragging and the move menu mean "change the public order": only offered while the table shows it.
  const draggable = state.publicOrder && total > 1;
  // Selection (bulk actions) is offered once there is more than one record.
  const selectable = total > 1;
  const narrowed = !!state.search || state.featured !== 'all';
  const pageSelected = rows.length > 0 && rows.every((row) => selected.has(row.id)) ? true : selectedIds.length > 0 ? 'indeterminate' : false;
  const leading = selectable ? 1 : 0;
  const noun = definition.title.toLowerCase();

  return (
    <Box>
      <Box ref={headingRef}>
        <ScreenHeader title={definition.title} description={definition.description}>
          <Button colorPalette="brand" onClick={openAdd}>
            <Plus /> Add {definition.singular}
          </Button>
        </ScreenHeader>
      </Box>

      {list.error && !data ? (
        <Text color="fg.error">Failed to load {noun}. Please try again later.</Text>
      ) : (
        <>
          <HStack mb="3" gap="3" wrap="wrap">
            <InputGroup startElement={<Search size="16" />} maxW={{ md: 'sm' }} flex="1" minW="48">
              <Input
                type="search"
                placeholder={`Search ${noun}`}
                aria-label={`Search ${noun}`}
                value={state.draft}
                maxLength={MAX_SEARCH}
                onChange={(event) => state.setDraft(event.target.value)}
                bg="bg"
              />
            </InputGroup>
            {operations.featured && (
              <HStack gap="2" w={{ base: 'full', sm: 'auto' }}>
                <Text asChild fontSize="sm" color="fg.muted" flexShrink={0}>
                  <label htmlFor={`${definition.path}-featured-filter`}>Show</label>
                </Text>
                <NativeSelect.Root w={{ base: 'full', sm: '40' }}>
                  <NativeSelect.Field
                    id={`${definition.path}-featured-filter`}
                    value={state.featured}
                    onChange={(event) => state.setFeatured(event.target.value as FeaturedFilter)}
                    bg="bg"
                  >
                    <option value="all">All</option>
                    <option value="featured">Featured</option>
                    <option value="not-featured">Not featured</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </HStack>
            )}
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {narrowed
                ? `${capped ? `${SEARCH_COUNT_LIMIT.toLocaleString('en-US')}+` : matching.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} shown`
                : draggable
                  ? 'Drag ⋮⋮ to reorder'
                  : ''}
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
                    {selectable && (
                      <Table.ColumnHeader w="1%" py="3" px="2">
                        <HStack gap="1">
                          <SelectBox
                            label="Select all on this page"
                            checked={pageSelected}
                            onChange={(checked) => setSelected(checked ? new Set(rows.map((row) => row.id)) : new Set())}
                          />
                          <Box srOnly>{draggable ? 'Order' : 'Select'}</Box>
                        </HStack>
                      </Table.ColumnHeader>
                    )}
                    {definition.columns.map((column) => {
                      const sortField = column.sortField && operations.sortable.includes(column.sortField) ? column.sortField : undefined;
                      const sorted = sortField && state.sort?.field === sortField ? state.sort.direction : undefined;
                      return (
                        <Table.ColumnHeader key={column.header} w={column.width} textAlign={column.align} py="3" aria-sort={sortField ? (sorted ?? 'none') : undefined}>
                          {sortField ? (
                            <Button variant="plain" size="sm" px="0" h="auto" fontWeight="semibold" onClick={() => state.toggleSort(sortField)}>
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
                      <Table.Cell colSpan={definition.columns.length + 1 + leading} {...cardMessageCell}>
                        {state.search
                          ? `Nothing matches “${state.search}”.`
                          : narrowed
                            ? 'Nothing matches this filter.'
                            : `Nothing here yet. Use “Add ${definition.singular}” to create the first one.`}
                      </Table.Cell>
                    </Table.Row>
                  )}
                  <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
                    {rows.map((row, index) => {
                      const label = definition.rowLabel(row);
                      return (
                        <SortableRow
                          key={row.id}
                          id={row.id}
                          label={label}
                          selectable={selectable}
                          selected={selected.has(row.id)}
                          onSelect={(checked) =>
                            setSelected((current) => {
                              const next = new Set(current);
                              if (checked) next.add(row.id);
                              else next.delete(row.id);
                              return next;
                            })
                          }
                          draggable={draggable}
                        >
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
                          <Table.Cell {...cardActionsCell} bg={selected.has(row.id) ? 'brand.subtle' : 'bg'}>
                            <HStack gap={{ base: '4', md: '1' }} justify="end">
                              {draggable && <MoveMenu label={label} onChoose={(choice) => chooseMove(row, index, choice)} />}
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
          {/* After the table and sticky at the viewport's foot: in reach wherever the rows were ticked. */}
          {selectable && (
            <BulkBar
              selected={selectedIds.length}
              noun={definition.noun}
              featured={!!operations.updateFlags}
              busy={bulkBusy}
              onDelete={deleteSelected}
              onFeature={(featured) => void featureSelected(featured)}
              onClear={() => setSelected(new Set())}
            />
          )}
          <Pager
            page={state.page}
            pageSize={PAGE_SIZE}
            count={matching}
            capped={capped}
            hasNext={allRows.length === PAGE_SIZE}
            label={`${definition.title} pages`}
            onPage={state.setPage}
          />
        </>
      )}

      <MoveDialog
        target={moving && { label: moving.label, position: moving.position }}
        total={total}
        onMove={(position) => (moving ? moveTo(moving.row, position - 1, true) : Promise.resolve(true))}
        onClose={() => setMoving(null)}
      />

      <RecordDialog
        dialog={dialog}
        singular={definition.singular}
        path={definition.path}
        collection={operations.collection}
        fields={fields}
        conflict={conflict}
        tab={tab}
        onTab={setTab}
        onSave={save}
        onReload={() => void reloadEditing()}
        onClose={close}
      />
    </Box>
  );
}
