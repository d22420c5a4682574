import { BIDI_CONTROL_CHARACTERS, enquiryServiceLabel, FORBIDDEN_CONTROL_CHARACTERS } from '@consulting/model';
import { containsPattern } from '../content/list-query.js';
import { searchGrams } from '../content/search-sql.js';
import { ValidationFailed, type FieldError } from '../shared/errors.js';
import { ENQUIRY_SEARCH } from './enquiry.entity.js';

// What the inbox reads and how it is asked (inbox.service.ts): an enquiry as shown (never the
// client hash), the filter and the page checked from raw arguments (GraphQL or a query string),
// and the filter as SQL conditions written exactly as the indexes' predicates and expressions.

/** An enquiry as the inbox shows it (no client hash, no deletion time). */
export interface EnquiryView {
  id: number;
  createdAt: Date;
  name: string;
  email: string;
  organisation: string | null;
  service: string;
  serviceLabel: string;
  message: string;
  consentText: string;
  handledAt: Date | null;
  handledBy: string | null;
}

export const ENQUIRY_STATUSES = ['ALL', 'UNREAD', 'HANDLED'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/** Longest search term, in characters, after trimming (as the content lists'). */
export const MAX_SEARCH_LENGTH = 100;
const MAX_OFFSET = 2_147_483_647;

export interface InboxFilter {
  status: EnquiryStatus;
  /** Trimmed, 1..MAX_SEARCH_LENGTH characters; absent: no search. */
  search?: string;
}

export interface InboxQuery extends InboxFilter {
  page: number;
  perPage: number;
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

function wholeNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim())) return Number(raw.trim());
  return null;
}

function readFilter(raw: Readonly<Record<string, unknown>>, errors: FieldError[]): InboxFilter {
  const filter: InboxFilter = { status: 'ALL' };
  if (given(raw.status)) {
    const status = typeof raw.status === 'string' ? raw.status.trim().toUpperCase() : null;
    if (!status || !(ENQUIRY_STATUSES as readonly string[]).includes(status)) errors.push({ field: 'status', message: `status must be one of: ${ENQUIRY_STATUSES.join(', ')}` });
    else filter.status = status as EnquiryStatus;
  }
  if (given(raw.search)) {
    if (typeof raw.search !== 'string') errors.push({ field: 'search', message: 'search must be text' });
    else {
      const term = raw.search.trim();
      if ([...term].length > MAX_SEARCH_LENGTH) errors.push({ field: 'search', message: `search must be at most ${MAX_SEARCH_LENGTH} characters` });
      else if (FORBIDDEN_CONTROL_CHARACTERS.test(term) || BIDI_CONTROL_CHARACTERS.test(term)) errors.push({ field: 'search', message: 'search must not contain control characters' });
      else if (term !== '') filter.search = term;
    }
  }
  return filter;
}

/** The filter of raw arguments (status, search). Throws ValidationFailed with a message per bad one. */
export function parseInboxFilter(raw: Readonly<Record<string, unknown>>): InboxFilter {
  const errors: FieldError[] = [];
  const filter = readFilter(raw, errors);
  if (errors.length > 0) throw new ValidationFailed(errors, 'Invalid inbox parameters');
  return filter;
}

/** The filter and the page (page from 1; perPage 1..MAX_PER_PAGE, default DEFAULT_PER_PAGE). Throws ValidationFailed. */
export function parseInboxQuery(raw: Readonly<Record<string, unknown>>): InboxQuery {
  const errors: FieldError[] = [];
  const filter = readFilter(raw, errors);
  let page = 1;
  let perPage = DEFAULT_PER_PAGE;
  if (given(raw.perPage)) {
    const value = wholeNumber(raw.perPage);
    if (value === null || value < 1 || value > MAX_PER_PAGE) errors.push({ field: 'perPage', message: `perPage must be a whole number from 1 to ${MAX_PER_PAGE}` });
    else perPage = value;
  }
  if (given(raw.page)) {
    const value = wholeNumber(raw.page);
    if (value === null || value < 1 || (value - 1) * perPage > MAX_OFFSET) errors.push({ field: 'page', message: 'page must be a whole number from 1' });
    else page = value;
  }
  if (errors.length > 0) throw new ValidationFailed(errors, 'Invalid inbox parameters');
  return { ...filter, page, perPage };
}

/** Whether pg_trgm has trigrams to look a term up by (as the content lists decide, list-query.ts). */
const hasTrigrams = (term: string) => /[\p{L}\p{N}]{3}/u.test(term);

/**
 * The SQL conditions of a filter, each written exactly as an index's predicate or expression:
 * the status as the partial indexes' WHERE, the search as the trigram index's expression (and,
 * for a term without trigrams, the grams index's).
 */
export function whereOf(filter: InboxFilter): { sql: string; params: unknown[] } {
  const conditions = ['"deleted_at" is null'];
  const params: unknown[] = [];
  if (filter.status === 'UNREAD') conditions.push('"handled_at" is null');
  if (filter.status === 'HANDLED') conditions.push('"handled_at" is not null');
  if (filter.search !== undefined) {
    conditions.push(`${ENQUIRY_SEARCH} ilike ?`);
    params.push(containsPattern(filter.search));
    if (!hasTrigrams(filter.search)) {
      conditions.push(`${searchGrams(ENQUIRY_SEARCH)} @> ${searchGrams('?::text')}`);
      params.push(filter.search, filter.search, filter.search);
    }
  }
  return { sql: `where ${conditions.join(' and ')}`, params };
}

export interface Row {
  id: number;
  created_at: Date | string;
  name: string;
  email: string;
  organisation: string | null;
  service: string;
  message: string;
  consent_text: string;
  handled_at: Date | string | null;
  handled_by: string | null;
}

/** The columns an inbox reads: never client_hash. */
export const COLUMNS = 'id, created_at, name, email, organisation, service, message, consent_text, handled_at, handled_by';
export const ORDER = 'order by "enquiries"."created_at" desc, "enquiries"."id" desc';

const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export const viewOf = (row: Row): EnquiryView => ({
  id: row.id,
  createdAt: dateOf(row.created_at),
  name: row.name,
  email: row.email,
  organisation: row.organisation,
  service: row.service,
  serviceLabel: enquiryServiceLabel(row.service),
  message: row.message,
  consentText: row.consent_text,
  handledAt: row.handled_at === null ? null : dateOf(row.handled_at),
  handledBy: row.handled_by,
});
