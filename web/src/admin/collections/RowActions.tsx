import { Badge, HStack, IconButton } from '@chakra-ui/react';
import { Pencil, Trash } from 'lucide-react';
import { MoveMenu, type MoveChoice } from './table-rows';

/**
 * A row's buttons: its Reorder menu (while the table shows the public order), Edit, Delete (a role
 * that cannot take items off the site has neither), after a "Draft changes" mark when the row has
 * a pending draft.
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
  return (
    <HStack gap={{ base: '4', md: '1' }} justify="end">
      {draft && (
        <Badge variant="subtle" colorPalette="orange" title="Saved as a draft: the site shows the published version">
          Draft changes
        </Badge>
      )}
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
}
