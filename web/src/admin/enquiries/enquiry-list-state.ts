import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EnquiryStatus } from '../../graphql/generated/graphql';

// What the inbox shows (page, search, All/Unread/Handled), kept in the URL's search params so
// opening an enquiry and coming back, a reload or a shared link return to the same rows.

/** Enquiries per page. */
export const ENQUIRY_PAGE_SIZE = 50;
/** The longest search sent. */
export const MAX_ENQUIRY_SEARCH = 100;
/** How long typing pauses before the search is sent. */
export const ENQUIRY_SEARCH_DELAY_MS = 250;

export type EnquiryFilter = 'all' | 'unread' | 'handled';

export const ENQUIRY_FILTERS: readonly { value: EnquiryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'handled', label: 'Handled' },
];

const STATUS: Record<EnquiryFilter, EnquiryStatus> = { all: 'ALL', unread: 'UNREAD', handled: 'HANDLED' };

export interface EnquiryListParams {
  /** 1-based. */
  page: number;
  /** Trimmed; '' for none. */
  search: string;
  filter: EnquiryFilter;
}

export function parseEnquiryParams(params: URLSearchParams): EnquiryListParams {
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = (params.get('q') ?? '').trim().slice(0, MAX_ENQUIRY_SEARCH);
  const status = params.get('status');
  const filter: EnquiryFilter = status === 'unread' || status === 'handled' ? status : 'all';
  return { page, search, filter };
}

/** The list query's variables. */
export function enquiryVariables({ page, search, filter }: EnquiryListParams) {
  return { page, perPage: ENQUIRY_PAGE_SIZE, status: STATUS[filter], ...(search ? { search } : {}) };
}

/** The CSV export of what the list shows (every page of it): the same search and status. */
export function enquiryExportHref({ search, filter }: Pick<EnquiryListParams, 'search' | 'filter'>): string {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (filter !== 'all') query.set('status', filter);
  const text = query.toString();
  return `/api/enquiries.csv${text ? `?${text}` : ''}`;
}

export function useEnquiryListState() {
  const [params, setParams] = useSearchParams();
  const parsed = parseEnquiryParams(params);

  /** Changes some params; any change but the page itself goes back to page 1. */
  const change = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
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
        { replace },
      ),
    [setParams],
  );

  // The search box: shown as typed, sent after a pause; a URL change (back button) resets it.
  const [draft, setDraft] = useState(parsed.search);
  const sent = useRef(parsed.search);
  useEffect(() => {
    if (parsed.search !== sent.current) {
      sent.current = parsed.search;
      setDraft(parsed.search);
    }
  }, [parsed.search]);
  useEffect(() => {
    const wanted = draft.trim().slice(0, MAX_ENQUIRY_SEARCH);
    if (wanted === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = wanted;
      change({ q: wanted }, true);
    }, ENQUIRY_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, change]);

  // The query gets new variables after the URL change is committed (as the collection screens do:
  // an urgent Apollo update inside the router's transition would restart it).
  const wantedKey = JSON.stringify(enquiryVariables(parsed));
  const [variables, setVariables] = useState(() => enquiryVariables(parsed));
  useEffect(() => {
    setVariables((current) => (JSON.stringify(current) === wantedKey ? current : (JSON.parse(wantedKey) as ReturnType<typeof enquiryVariables>)));
  }, [wantedKey]);

  return {
    ...parsed,
    draft,
    setDraft,
    variables,
    setPage: (page: number) => change({ page: page > 1 ? String(page) : null }),
    setFilter: (filter: EnquiryFilter) => change({ status: filter === 'all' ? null : filter }),
  };
}
