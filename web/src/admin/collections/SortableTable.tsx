import { useRef, useState, type ReactNode } from 'react';
import { DndContext, KeyboardSensor, MouseSensor, TouchSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cardActionsCell, cardBody, cardCell, cardMessageCell, cardMessageRow, cardScrollArea, cardTable, stickyEnd, visuallyHiddenOnPhones } from '../shell/card-table';
import type { Column } from './collection-definition';
import type { SortState } from './list-state';
import { SelectBox, SortableRow } from './table-rows';
import type { Selection } from './use-selection';
import { useSideScroll } from './use-side-scroll';

const INSTRUCTIONS = 'To move a row, press Space or Enter, use the arrow keys, then Space or Enter to drop it, or Escape to cancel.';

/** The Actions column's edge while columns are hidden under it (the table scrolls sideways). */
const MORE_UNDER_EDGE = '-10px 0 10px -8px rgba(0, 0, 0, 0.35), inset 1px 0 0 var(--chakra-colors-border)';

/**
 * A collection's table: column headers that sort on the server, a row per record with its
 * selection box and (while `draggable`) a handle to drag it by mouse, touch or keyboard, each step
 * announced to screen readers with the row's position in the public order.
 */
export function SortableTable<Row extends { id: number }>({
  columns,
  rowLabel,
  sortable,
  sort,
  onSort,
  rows,
  offset,
  total,
  selectable,
  selection,
  draggable,
  onDrop,
  empty,
  actions,
}: {
  columns: Column<Row>[];
  /** A row's accessible name (its checkbox, handle and buttons). */
  rowLabel(row: Row): string;
  /** Fields the server can sort by. */
  sortable: readonly string[];
  sort: SortState | null;
  onSort(field: string): void;
  rows: Row[];
  /** Rows before this page: positions are in the whole public order. */
  offset: number;
  total: number;
  selectable: boolean;
  selection: Selection;
  draggable: boolean;
  /** A row dropped at a 0-based place in the public order; resolves when the move is done. */
  onDrop(row: Row, toIndex: number): Promise<unknown>;
  /** What the body says without rows. */
  empty: string;
  /** The row's action buttons (the last column). */
  actions(row: Row, index: number, label: string): ReactNode;
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    // Touch: a long press on the handle picks the row up (a quick swipe still scrolls the page).
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  /** The order shown while a move is on its way to the server. */
  const [pendingOrder, setPendingOrder] = useState<number[] | null>(null);
  const shown = pendingOrder ? pendingOrder.map((id) => rows.find((r) => r.id === id)).filter((r): r is Row => !!r) : rows;

  async function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const ids = shown.map((r) => r.id);
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    const reordered = [...ids];
    reordered.splice(from, 1);
    reordered.splice(to, 0, Number(active.id));
    setPendingOrder(reordered);
    const row = shown[from];
    if (row) await onDrop(row, offset + to);
    setPendingOrder(null);
  }

  const labelOfId = (id: unknown) => {
    const row = rows.find((r) => r.id === Number(id));
    return row ? rowLabel(row) : 'item';
  };
  const positionOf = (id: unknown) => offset + shown.findIndex((r) => r.id === Number(id)) + 1;
  // The row a dragged one was last over: picking a row up is also "over" itself, which is no move.
  const lastOver = useRef<unknown>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${labelOfId(active.id)}, position ${positionOf(active.id)} of ${total}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `${labelOfId(active.id)} moved to position ${positionOf(over.id)} of ${total}.` : `${labelOfId(active.id)} is not over a row.`;
    },
    onDragEnd: ({ active, over }) => (over ? `${labelOfId(active.id)} dropped at position ${positionOf(over.id)} of ${total}.` : `${labelOfId(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${labelOfId(active.id)} cancelled.`,
  };

  const side = useSideScroll<HTMLDivElement>();
  const actionsEdge = side.overflowing && !side.atEnd ? { boxShadow: { md: MORE_UNDER_EDGE } } : {};

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={(event) => void onDragEnd(event)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      {side.overflowing && (
        <Text fontSize="sm" color="fg.muted" textAlign="end" mb="1" data-testid="scroll-hint">
          {side.atEnd ? '← Scroll back for the first columns' : 'Scroll sideways for more columns →'}
        </Text>
      )}
      <Table.ScrollArea ref={side.ref} {...cardScrollArea} css={{ scrollbarWidth: 'thin', scrollbarColor: 'var(--chakra-colors-border-emphasized) transparent' }}>
        <Table.Root size="sm" {...cardTable}>
          <Table.Header {...visuallyHiddenOnPhones}>
            <Table.Row bg="bg.subtle">
              {selectable && (
                <Table.ColumnHeader w="1%" py="3" px="2">
                  <HStack gap="1">
                    <SelectBox label="Select all on this page" checked={selection.page} onChange={selection.togglePage} />
                    <Box srOnly>{draggable ? 'Order' : 'Select'}</Box>
                  </HStack>
                </Table.ColumnHeader>
              )}
              {columns.map((column) => (
                <ColumnHeader key={column.header} column={column} sortable={sortable} sort={sort} onSort={onSort} />
              ))}
              <Table.ColumnHeader textAlign="end" w="1%" py="3" {...stickyEnd} {...actionsEdge} bg="bg.subtle">
                Actions
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body {...cardBody}>
            {shown.length === 0 && (
              <Table.Row {...cardMessageRow}>
                <Table.Cell colSpan={columns.length + 1 + (selectable ? 1 : 0)} {...cardMessageCell}>
                  {empty}
                </Table.Cell>
              </Table.Row>
            )}
            <SortableContext items={shown.map((row) => row.id)} strategy={verticalListSortingStrategy}>
              {shown.map((row, index) => {
                const label = rowLabel(row);
                const selected = selection.has(row.id);
                return (
                  <SortableRow
                    key={row.id}
                    id={row.id}
                    label={label}
                    selectable={selectable}
                    selected={selected}
                    onSelect={(checked) => selection.toggle(row.id, checked)}
                    draggable={draggable}
                  >
                    {columns.map((column) => (
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
                    <Table.Cell {...cardActionsCell} {...actionsEdge} bg={selected ? 'brand.subtle' : 'bg'}>
                      {actions(row, index, label)}
                    </Table.Cell>
                  </SortableRow>
                );
              })}
            </SortableContext>
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </DndContext>
  );
}

/** A column's header: a button that sorts the list on the server by it, where the server can. */
function ColumnHeader<Row>({ column, sortable, sort, onSort }: { column: Column<Row>; sortable: readonly string[]; sort: SortState | null; onSort(field: string): void }) {
  const sortField = column.sortField && sortable.includes(column.sortField) ? column.sortField : undefined;
  const sorted = sortField && sort?.field === sortField ? sort.direction : undefined;
  return (
    <Table.ColumnHeader w={column.width} textAlign={column.align} py="3" whiteSpace="normal" aria-sort={sortField ? (sorted ?? 'none') : undefined}>
      {sortField ? (
        // Two-word headers may wrap, so a narrow number column is not as wide as its name.
        <Button variant="plain" size="sm" px="0" h="auto" fontWeight="semibold" whiteSpace="normal" textAlign={column.align ?? 'start'} onClick={() => onSort(sortField)}>
          {column.header}
          {sorted === 'ascending' ? <ArrowUp /> : sorted === 'descending' ? <ArrowDown /> : <ArrowUpDown opacity={0.4} />}
        </Button>
      ) : (
        column.header
      )}
    </Table.ColumnHeader>
  );
}
