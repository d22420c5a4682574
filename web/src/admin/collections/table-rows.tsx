import { useState, type CSSProperties, type ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Checkbox, HStack, IconButton, Menu, Portal, Table } from '@chakra-ui/react';
import { ArrowDownToLine, ArrowUpToLine, GripVertical, ListOrdered, MoveVertical } from 'lucide-react';
import { cardCell, cardRow } from '../shell/card-table';

/** A checkbox named for screen readers only (its row or column says what it selects). */
export function SelectBox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onChange(checked: boolean): void;
}) {
  return (
    <Checkbox.Root colorPalette="brand" checked={checked} onCheckedChange={(details) => onChange(details.checked === true)} p="2" m="-2" cursor="pointer">
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/**
 * One table row: a leading cell with its selection checkbox and (while the table shows the public
 * order) a handle to drag it by mouse, touch or keyboard.
 */
export function SortableRow({
  id,
  label,
  selectable,
  selected,
  onSelect,
  draggable,
  children,
}: {
  id: number;
  label: string;
  selectable: boolean;
  selected: boolean;
  onSelect(selected: boolean): void;
  draggable: boolean;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !draggable });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined };
  return (
    <Table.Row ref={setNodeRef} style={style} {...cardRow} shadow={isDragging ? 'lg' : undefined} bg={selected ? 'brand.subtle' : 'bg'} data-row-id={id}>
      {selectable && (
        <Table.Cell {...cardCell} _before={undefined} w="1%" px={{ base: '0', md: '2' }}>
          <HStack gap={{ base: '3', md: '1' }}>
            <SelectBox label={`Select ${label}`} checked={selected} onChange={onSelect} />
            {draggable && (
              <IconButton
                ref={setActivatorNodeRef}
                aria-label={`Move ${label}`}
                title="Drag to reorder (or press Space, then the arrow keys)"
                size="sm"
                variant="ghost"
                cursor="grab"
                // Touch: a long press picks the row up (a quick swipe moves nothing); no page scroll,
                // text selection or callout menu under the finger.
                touchAction="none"
                userSelect="none"
                css={{ WebkitTouchCallout: 'none' }}
                {...attributes}
                {...listeners}
              >
                <GripVertical />
              </IconButton>
            )}
          </HStack>
        </Table.Cell>
      )}
      {children}
    </Table.Row>
  );
}

export type MoveChoice = 'top' | 'bottom' | 'position';

/**
 * The row's ordering menu: Move to top, Move to bottom, Move to position… (keyboard: Enter or
 * Space opens it, the arrows choose, Enter picks; Enter clicks the highlighted item).
 */
export function MoveMenu({ label, onChoose }: { label: string; onChoose(choice: MoveChoice): void }) {
  // The menu itself is made when first opened (then it stays): a page of rows drawn with one
  // menu each took a good part of the time to the first rows.
  const [used, setUsed] = useState<false | 'pointer' | 'keyboard'>(false);
  const trigger = (
    <IconButton aria-label={`Reorder ${label}`} title="Reorder" size="sm" variant="ghost">
      <MoveVertical />
    </IconButton>
  );
  if (!used) {
    return (
      <IconButton aria-label={`Reorder ${label}`} title="Reorder" size="sm" variant="ghost" aria-haspopup="menu" aria-expanded={false} onClick={(event) => setUsed(event.detail === 0 ? 'keyboard' : 'pointer')}>
        <MoveVertical />
      </IconButton>
    );
  }
  return (
    // Opened by keyboard, its first item is highlighted, as the menu does itself.
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen defaultHighlightedValue={used === 'keyboard' ? 'top' : undefined}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="top" onClick={() => onChoose('top')}>
              <ArrowUpToLine /> Move to top
            </Menu.Item>
            <Menu.Item value="bottom" onClick={() => onChoose('bottom')}>
              <ArrowDownToLine /> Move to bottom
            </Menu.Item>
            <Menu.Item value="position" onClick={() => onChoose('position')}>
              <ListOrdered /> Move to position…
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
