import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import type { CollectionDefinition } from './collection-definition';
import type { MoveChoice } from './table-rows';

/**
 * Moving a row in the public order, one request each: by dragging, to the top or the bottom from
 * its menu, or to a position typed in the Move dialog (`moving` is the row that dialog asks about).
 */
export function useMoveRecord<Row extends { id: number; version?: number }>(
  definition: CollectionDefinition<Row>,
  { rows, offset, total, refetchRows, focusAfter }: { rows: Row[]; offset: number; total: number; refetchRows(): Promise<unknown>; focusAfter(id: number | undefined): void },
) {
  const failures = useAdminFailures();
  const [place] = useMutation(definition.operations.place);
  const [moving, setMoving] = useState<{ row: Row; label: string; position: number } | null>(null);

  /** One request: the row to a 0-based place in the public order (past the end: last). Resolves whether it moved. */
  async function moveTo(row: Row, toIndex: number): Promise<boolean> {
    try {
      await place({ variables: { id: row.id, toIndex } });
      // A polite "saved" cue once the server has the new order (dragging, the menu or the Move dialog).
      notify('success', 'Order saved', `${definition.entity} moved to position ${Math.min(toIndex, total - 1) + 1}`);
      await refetchRows();
      return true;
    } catch (error) {
      failures.report(error, `Failed to move the ${definition.noun}`);
      return false;
    }
  }

  /** A choice of the row's menu: top and bottom move at once (focus goes to the neighbour); a position opens the dialog. */
  function choose(row: Row, index: number, choice: MoveChoice) {
    if (choice === 'position') {
      setMoving({ row, label: definition.rowLabel(row), position: offset + index + 1 });
      return;
    }
    const next = rows[index + 1] ?? rows[index - 1];
    void moveTo(row, choice === 'top' ? 0 : total - 1).then((moved) => moved && focusAfter(next?.id));
  }

  return {
    moving,
    moveTo,
    choose,
    /** The Move dialog's answer: a 1-based position. */
    moveToPosition: (position: number) => (moving ? moveTo(moving.row, position - 1) : Promise.resolve(true)),
    closeDialog: () => setMoving(null),
  };
}
