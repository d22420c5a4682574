import { useEffect, useState } from 'react';

export interface Selection {
  has(id: number): boolean;
  /** The selected rows of the page, in its order. */
  ids: number[];
  /** The page's "select all" box: every row, some, or none. */
  page: boolean | 'indeterminate';
  toggle(id: number, checked: boolean): void;
  /** Selects every row of the page, or none. */
  togglePage(checked: boolean): void;
  clear(): void;
}

/**
 * The rows ticked for bulk actions. A selection belongs to the rows it was made on: another page,
 * search, sort or filter (another `listKey`) clears it.
 */
export function useSelection(rows: readonly { id: number }[], listKey: string): Selection {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Unchanged when already empty: no redraw on mount.
  useEffect(() => setSelected((current) => (current.size ? new Set() : current)), [listKey]);
  const ids = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  return {
    has: (id) => selected.has(id),
    ids,
    page: rows.length > 0 && rows.every((row) => selected.has(row.id)) ? true : ids.length > 0 ? 'indeterminate' : false,
    toggle: (id, checked) =>
      setSelected((current) => {
        const next = new Set(current);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      }),
    togglePage: (checked) => setSelected(checked ? new Set(rows.map((row) => row.id)) : new Set()),
    clear: () => setSelected(new Set()),
  };
}
