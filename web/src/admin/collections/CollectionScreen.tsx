import { Box, Button, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import { usePermissions } from '../auth/use-permissions';
import { ScreenHeader } from '../shell/ScreenHeader';
import type { CollectionDefinition } from './collection-definition';
import { BulkBar } from './BulkBar';
import { ListToolbar } from './ListToolbar';
import { PAGE_SIZE, useListState } from './list-state';
import { MoveDialog } from './MoveDialog';
import { NotOnSite } from './NotOnSite';
import { Pager } from './Pager';
import { RecordDialog } from './RecordDialog';
import { RowActions } from './RowActions';
import { SortableTable } from './SortableTable';
import { useBulkActions } from './use-bulk-actions';
import { useCollectionList } from './use-collection-list';
import { useDeleteRecord } from './use-delete-record';
import { useFocusAfter } from './use-focus-after';
import { useMoveRecord } from './use-move-record';
import { useOpenFromLink } from './use-open-from-link';
import { useRecordDialog, type WithPublication } from './use-record-dialog';
import { useSelection } from './use-selection';

const number = (n: number) => n.toLocaleString('en-US');

/**
 * The one table screen used by all six collections; `definition` says what differs. The list is
 * paged, searched, sorted and filtered on the server; the screen's state lives in the URL. Each
 * concern is its own hook (the list, saving, deleting, moving, bulk actions) or component.
 */
export function CollectionScreen<Row extends { id: number; version?: number }>({ definition }: { definition: CollectionDefinition<Row> }) {
  const { operations } = definition;
  const state = useListState({ sortable: operations.sortable, featuredFilter: operations.featured });
  const list = useCollectionList(definition, state);
  const { rows, total, offset } = list;
  const { headingRef, focusAfter } = useFocusAfter();
  const selection = useSelection(rows, JSON.stringify(state.variables));
  const editor = useRecordDialog(definition, list);
  useOpenFromLink(definition, editor.openEdit);
  const removal = useDeleteRecord(definition, { rows, refresh: list.refresh, focusAfter });
  const mover = useMoveRecord(definition, { rows, offset, total, refetchRows: list.refetchRows, focusAfter });
  const bulk = useBulkActions(definition, { rows, selection, refresh: list.refresh, focusAfter });
  // Reordering, bulk actions and deleting change the site at once: only for a role that publishes.
  const canPublish = usePermissions().can('content.publish');

  // A screen renders nothing while its data loads.
  if (list.waiting) return null;
  // Dragging and the move menu mean "change the public order": only offered while the table shows it.
  const draggable = canPublish && state.publicOrder && total > 1;
  // Selection (bulk actions) is offered once there is more than one record.
  const selectable = canPublish && total > 1;
  const narrowed = !!state.search || state.featured !== 'all';
  const noun = definition.title.toLowerCase();
  const status = narrowed
    ? `${list.capped ? `${number(SEARCH_COUNT_LIMIT)}+` : number(list.matching)} of ${number(total)} shown`
    : draggable
      ? 'Drag ⋮⋮ to reorder'
      : '';
  const empty = state.search
    ? `Nothing matches “${state.search}”.`
    : narrowed
      ? 'Nothing matches this filter.'
      : list.notOnSite?.total
        ? // The drafts are listed above: there is something, only none of it is on the site yet.
          `Nothing on the site yet. Open one of the ${noun} above to fill it in and publish it.`
        : `Nothing here yet. Use “Add ${definition.singular}” to create the first one.`;

  return (
    <Box>
      <Box ref={headingRef}>
        <ScreenHeader title={definition.title} description={definition.description}>
          <Button colorPalette="brand" onClick={editor.openAdd}>
            <Plus /> Add {definition.singular}
          </Button>
        </ScreenHeader>
      </Box>

      <NotOnSite
        collection={operations.collection}
        noun={noun}
        page={list.notOnSite}
        // An item not on the site opens with its draft: it has no published row.
        onOpen={(item) => editor.openEdit({ ...(item.values ?? {}), id: item.recordId, publication: item } as unknown as Row)}
      />

      {list.failed ? (
        <Text color="fg.error">Failed to load {noun}. Please try again later.</Text>
      ) : (
        <>
          <ListToolbar noun={noun} filterId={`${definition.path}-featured-filter`} state={state} featuredFilter={operations.featured} status={status} />
          <SortableTable
            columns={definition.columns}
            rowLabel={definition.rowLabel}
            sortable={operations.sortable}
            sort={state.sort}
            onSort={state.toggleSort}
            rows={rows}
            offset={offset}
            total={total}
            selectable={selectable}
            selection={selection}
            draggable={draggable}
            onDrop={(row, toIndex) => mover.moveTo(row, toIndex)}
            empty={empty}
            actions={(row, index, label) => (
              <RowActions
                label={label}
                draft={(row as WithPublication<Row>).publication?.hasDraft ?? false}
                canDelete={canPublish}
                reorder={draggable}
                deleting={removal.deleting === row.id}
                onMove={(choice) => mover.choose(row, index, choice)}
                onEdit={() => editor.openEdit(row)}
                onDelete={() => void removal.deleteRow(row)}
              />
            )}
          />
          {/* After the table and sticky at the viewport's foot: in reach wherever the rows were ticked. */}
          {selectable && (
            <BulkBar
              selected={selection.ids.length}
              noun={definition.noun}
              featured={!!operations.updateFlags}
              busy={bulk.busy}
              onDelete={bulk.deleteSelected}
              onFeature={(featured) => void bulk.featureSelected(featured)}
              onClear={selection.clear}
            />
          )}
          <Pager
            page={state.page}
            pageSize={PAGE_SIZE}
            count={list.matching}
            capped={list.capped}
            hasNext={rows.length === PAGE_SIZE}
            label={`${definition.title} pages`}
            onPage={state.setPage}
          />
        </>
      )}

      <MoveDialog
        target={mover.moving && { label: mover.moving.label, position: mover.moving.position }}
        total={total}
        onMove={mover.moveToPosition}
        onClose={mover.closeDialog}
      />

      <RecordDialog control={editor} singular={definition.singular} path={definition.path} collection={operations.collection} fields={definition.fields} />
    </Box>
  );
}
