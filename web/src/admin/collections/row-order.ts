import type { Column } from './collection-definition';

// Search and sort of a table's rows, in the browser (admin lists are small).

export interface SortState {
  header: string;
  direction: 'ascending' | 'descending';
}

/** Every text and number of a row, lower-cased, for the search box. */
const haystackOf = (row: object) =>
  Object.values(row)
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' ')
    .toLowerCase();

export function visibleRows<Row extends object>(rows: Row[], columns: Column<Row>[], query: string, sort: SortState | null): Row[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = words.length === 0 ? rows : rows.filter((row) => words.every((word) => haystackOf(row).includes(word)));
  const column = sort && columns.find((c) => c.header === sort.header);
  if (!sort || !column?.sortValue) return found;
  const value = column.sortValue;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...found].sort((a, b) => {
    const x = value(a) ?? '';
    const y = value(b) ?? '';
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en', { sensitivity: 'base' });
    return sign * order;
  });
}
