import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListVariables } from '../content-operations';

// What a collection screen shows (page, search, sort, featured filter), kept in the URL's search
// params so a reload, a shared link and the back button come back to the same rows.

/** Rows per page. */
export const PAGE_SIZE = 50;
/** The server's longest search term. */
export const MAX_SEARCH = 100;
/** How long typing pauses before the search goes to the server. */
export const SEARCH_DELAY_MS = 250;

export type FeaturedFilter = 'all' | 'featured' | 'not-featured';

export interface SortState {
  field: string;
  direction: 'ascending' | 'descending';
}

export interface ListState {
  /** 1-based. */
  page: number;
  /** The search the list was asked for (trimmed; '' for none). */
  search: string;
  /** What the search box shows while typing (sent after a pause). */
  draft: string;
  sort: SortState | null;
  featured: FeaturedFilter;
  setDraft(value: string): void;
  setPage(page: number): void;
  toggleSort(field: string): void;
  setFeatured(value: FeaturedFilter): void;
  /** The list query's variables. */
  variables: ListVariables;
  /** The table shows the public order in full (no search, sort or filter): ordering is offered. */
  publicOrder: boolean;
}

function parseSort(value: string | null, sortable: readonly string[]): SortState | null {
  if (!value) return null;
  const field = value.replace(/^-/, '');
  if (!sortable.includes(field)) return null;
  return { field, direction: value.startsWith('-') ? 'descending' : 'ascending' };
}

const parseFeatured = (value: string | null): FeaturedFilter => (value === 'featured' || value === 'not-featured' ? value : 'all');

/** What the list shows, read from the URL's search params. */
function parseParams(params: URLSearchParams, { sortable, featuredFilter }: ListOptions) {
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH);
  const sort = parseSort(params.get('sort'), sortable);
  const featured: FeaturedFilter = featuredFilter ? parseFeatured(params.get('featured')) : 'all';
  return { page, search, sort, featured };
}

function variablesOf({ page, search, sort, featured }: ReturnType<typeof parseParams>): ListVariables {
  return {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(sort ? { sort: `${sort.direction === 'descending' ? '-' : ''}${sort.field}` } : {}),
    ...(featured !== 'all' ? { featured: featured === 'featured' } : {}),
  };
}

export interface ListOptions {
  sortable: readonly string[];
  featuredFilter: boolean;
}

/** The list query's variables for a URL's search params (what the screen asks for on its first render). */
export const listVariables = (params: URLSearchParams, options: ListOptions): ListVariables => variablesOf(parseParams(params, options));

export function useListState(options: ListOptions): ListState {
  const [params, setParams] = useSearchParams();
  const parsed = parseParams(params, options);
  const { page, search, sort, featured } = parsed;

  /** Changes some params; any change but the page itself goes back to page 1. */
  const change = useCallback(
    (changes: Record<string, string | null>, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: options.replace ?? false },
      ),
    [setParams],
  );

  // The search box: typed at once, sent after a pause; a URL change (back button) resets it.
  const [draft, setDraft] = useState(search);
  const sent = useRef(search);
  useEffect(() => {
    if (search !== sent.current) {
      sent.current = search;
      setDraft(search);
    }
  }, [search]);
  useEffect(() => {
    const wanted = draft.trim().slice(0, MAX_SEARCH);
    if (wanted === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = wanted;
      change({ q: wanted }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, change]);

  const toggleSort = (field: string) => {
    const next =
      sort?.field !== field ? field : sort.direction === 'ascending' ? `-${field}` : null;
    change({ sort: next });
  };

  const wanted = variablesOf(parsed);
  // React Router renders a URL change as a transition; Apollo's query store answers a change of
  // variables with an urgent update, which would throw that transition away and start it over
  // (forever). The query gets the new variables after the URL change is committed instead.
  const wantedKey = JSON.stringify(wanted);
  const [variables, setVariables] = useState(wanted);
  useEffect(() => {
    setVariables((current) => (JSON.stringify(current) === wantedKey ? current : (JSON.parse(wantedKey) as ListVariables)));
  }, [wantedKey]);

  return {
    page,
    search,
    draft,
    sort,
    featured,
    setDraft,
    setPage: (next) => change({ page: next > 1 ? String(next) : null }),
    toggleSort,
    setFeatured: (value) => change({ featured: value === 'all' ? null : value }),
    variables,
    publicOrder: !search && !sort && featured === 'all',
  };
}
