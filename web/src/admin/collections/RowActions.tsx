import { Badge, HStack, IconButton, Stack } from '@chakra-ui/react';
import { Pencil, Trash } from 'lucide-react';
import { MoveMenu, type MoveChoice } from './table-rows';

/**
 * A row's buttons: its Reorder menu (while the table shows the public order), Edit, Delete (a role
 * that cannot take items off the site has neither), with a "Draft changes" mark below when the
 * row has a pending draft.
 */
export function RowActions({
  label,
  draft = false,
  canDelete = true,
  reorder,
  deleting,
  onMove,
  onEdit,
  onDelete,
}: {
  label: string;
  /** The row has unpublished changes. */
  draft?: boolean;
  canDelete?: boolean;
  reorder: boolean;
  /** The row's delete is on its way. */
  deleting: boolean;
  onMove(choice: MoveChoice): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const buttons = (
    <HStack gap={{ base: '4', md: '1' }} justify="end">
      {reorder && <MoveMenu label={label} onChoose={onMove} />}
      {/* data-edit: where focus goes when a neighbouring row leaves the table. */}
      <IconButton aria-label={`Edit ${label}`} title="Edit" size="sm" variant="ghost" data-edit onClick={onEdit}>
        <Pencil />
      </IconButton>
      {canDelete && (
        <IconButton aria-label={`Delete ${label}`} title="Delete" size="sm" variant="ghost" colorPalette="red" loading={deleting} onClick={onDelete}>
          <Trash />
        </IconButton>
      )}
    </HStack>
  );
  if (!draft) return buttons;
  // Under the buttons, not beside them: the sticky Actions column keeps its width.
  return (
    <Stack gap="1" align="end">
      {buttons}
      <Badge variant="subtle" colorPalette="orange" title="Saved as a draft: the site shows the published version">
        Draft changes
      </Badge>
    </Stack>
  );
}
