import { useEffect, useState } from 'react';
import type { WatchQueryFetchPolicy } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { SEARCH_COUNT_LIMIT } from '@consulting/model';
import { useAdminFailures } from '../auth/session-expiry';
import type { PublicationPage } from '../publishing/publication-operations';
import { firstFetchPolicy } from '../first-screen-data';
import type { CollectionDefinition } from './collection-definition';
import { PAGE_SIZE, type ListState } from './list-state';

/** After a list answered from the cache: another page, search, sort or filter is asked for as usual (cache and network). */
const nextListPolicy = (_current: WatchQueryFetchPolicy, { reason }: { reason: string }): WatchQueryFetchPolicy =>
  reason === 'variables-changed' ? 'cache-and-network' : 'cache-first';

export interface CollectionList<Row> {
  /** Nothing to show yet (the first answer is on its way): the screen draws nothing. */
  waiting: boolean;
  /** The list could not be loaded and there is nothing older to show. */
  failed: boolean;
  /** The page of rows shown (the previous page's until the next one arrives). */
  rows: Row[];
  /** Rows matching the search and filter. */
  matching: number;
  /** Rows in the whole collection. */
  total: number;
  /** Rows before this page. */
  offset: number;
  /** `matching` is a lower bound: a search's count stops after SEARCH_COUNT_LIMIT. */
  capped: boolean;
  /** The collection's items that are not on the site (asked with the page). */
  notOnSite?: PublicationPage;
  /** Loads the page again; a failure is reported (toast), never thrown. */
  refresh(): Promise<unknown>;
  /** Loads the page again and hands over its rows; rejects when it fails. */
  refetchRows(): Promise<Row[]>;
}

/**
 * A page of a collection as the URL's list state asks for it (page, search, sort, filter), with
 * its counts. A page past the last one (rows deleted, an old link) goes to the last page.
 */
export function useCollectionList<Row extends { id: number; version?: number }>(
  definition: CollectionDefinition<Row>,
  state: ListState,
): CollectionList<Row> {
  const { operations } = definition;
  const failures = useAdminFailures();
  // The visit's first list may already be on its way (first-screen-data.ts): then it is not asked twice.
  const [firstPolicy] = useState(() => firstFetchPolicy(operations.list, state.variables, 'cache-and-network'));
  const list = useQuery(operations.list, {
    variables: state.variables,
    fetchPolicy: firstPolicy,
    ...(firstPolicy === 'cache-first' && { nextFetchPolicy: nextListPolicy }),
  });

  const data = list.data ?? list.previousData;
  const rows = data ? operations.rows(data) : [];
  const matching = data?.matching ?? 0;
  const lastPage = Math.max(1, Math.ceil(matching / PAGE_SIZE));

  // Past the last page (rows deleted, an old link): go to the last one.
  const pastTheEnd = !!list.data && rows.length === 0 && state.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) state.setPage(lastPage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the page turns out empty
  }, [pastTheEnd, lastPage]);

  return {
    waiting: !data && list.loading,
    failed: !!list.error && !data,
    rows,
    matching,
    total: data?.total ?? 0,
    offset: state.variables.offset,
    // SEARCH_COUNT_LIMIT + 1 means "more than that".
    capped: !!state.variables.search && matching > SEARCH_COUNT_LIMIT,
    notOnSite: data?.notOnSite,
    refresh: () => list.refetch().catch((error: unknown) => failures.report(error, `Failed to load ${definition.title.toLowerCase()}`)),
    refetchRows: async () => {
      const result = await list.refetch();
      return result.data ? operations.rows(result.data) : [];
    },
  };
}
