import type { FormattedExecutionResult } from 'graphql';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import { publicationAnswer } from './workflow-answers';

// What the real API answers to an admin list query, for fake servers: the
// page of rows the variables ask for (search, featured filter, sort, limit, offset) and the two
// counts the screen selects (`matching`: with the search and filter, `total`: all). Like the API,
// a search's count stops after SEARCH_COUNT_LIMIT and answers SEARCH_COUNT_LIMIT + 1.

type Row = { id: number } & Record<string, unknown>;

const text = (row: Row) =>
  Object.values(row)
    .filter((value) => typeof value === 'string')
    .join(' ')
    .toLowerCase();

/**
 * Rows in the public order (displayOrder, then id) unless the variables sort them; `notOnSite`:
 * the collection's items not on the site (none unless given).
 */
export function listAnswer(field: string, rows: readonly Row[], variables: Record<string, unknown>, notOnSite: readonly object[] = []): FormattedExecutionResult {
  const search = typeof variables.search === 'string' ? variables.search.trim().toLowerCase() : '';
  let found = rows.filter((row) => !search || text(row).includes(search));
  if (typeof variables.featured === 'boolean') found = found.filter((row) => row.featured === variables.featured);
  const sort = typeof variables.sort === 'string' ? variables.sort : 'displayOrder';
  const key = sort.replace(/^-/, '');
  const sign = sort.startsWith('-') ? -1 : 1;
  found = [...found].sort((a, b) => {
    const x = a[key] ?? '';
    const y = b[key] ?? '';
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en', { sensitivity: 'base' });
    return sign * order || a.id - b.id;
  });
  const offset = typeof variables.offset === 'number' ? variables.offset : 0;
  const limit = typeof variables.limit === 'number' ? variables.limit : found.length;
  const matching = search ? Math.min(found.length, SEARCH_COUNT_LIMIT + 1) : found.length;
  // Rows are published records; one without a publication of its own has nothing pending.
  const page = found.slice(offset, offset + limit).map((row) => ('publication' in row ? row : { ...row, publication: publicationAnswer(field, row.id) }));
  return {
    data: { [field]: page, matching, total: rows.length, notOnSite: { __typename: 'PublicationPage', items: notOnSite, total: notOnSite.length } },
  };
}
