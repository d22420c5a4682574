import { BIDI_CONTROL_CHARACTERS, FORBIDDEN_CONTROL_CHARACTERS, MAX_LIST_LIMIT, type Field } from '@consulting/model';
import { ValidationFailed, type FieldError } from '../shared/errors.js';

// Paging and filtering of every collection list, one mechanism for all of them: `limit` (1..500,
// absent = all), `offset` (0 or more), one filter per on/off field of the type (news and
// clients: `featured`) and one per choice field with a GraphQL enum (pages: `linkedFrom=footer`). A limit over 500 is refused (400 / BAD_USER_INPUT), not clamped: a client
// asking for 1000 and silently getting 500 would think it has everything.
//
// Admin lists add `search` (1..100 characters after trimming; a case-insensitive substring of the
// type's searchable text fields) and `sort` (a sortable field, `-` first for descending; ties by
// id). Both need a `limit`: a search or a sort of the whole table is never one request's work.

/** On every collection list (REST): how many records match its filters in all, paged or not. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export interface ListOptions {
  limit?: number;
  offset?: number;
  /** Flag field -> wanted value; choice field -> wanted option. */
  where?: Record<string, boolean | string>;
  /** Trimmed search term (1..MAX_SEARCH_LENGTH characters). */
  search?: string;
  /** Sortable field and direction; ties by id in the same direction. Absent: display order, id. */
  sort?: { field: string; direction: 'asc' | 'desc' };
}

/** What a collection's list can be searched and sorted by (the content model's `listing`). */
export interface ListCapabilities {
  /** Whether the type has searchable fields. */
  searchable: boolean;
  /** Field names `sort` accepts (each also with a leading `-`). */
  sortable: readonly string[];
}

/** Longest search term, in characters, after trimming. */
export const MAX_SEARCH_LENGTH = 100;

/** Largest offset accepted (a PostgreSQL integer). */
const MAX_OFFSET = 2_147_483_647;

/** The flag fields a list can be filtered by. */
export function filterFields(fields: Readonly<Record<string, Field>>): string[] {
  return Object.entries(fields)
    .filter(([, f]) => f.kind === 'flag')
    .map(([name]) => name);
}

/** A choice field a list can be filtered by: its name and its options' values. */
export interface ChoiceFilter {
  name: string;
  values: readonly string[];
}

/** What a choice filter's parameter says (OpenAPI, GraphQL). */
export const choiceFilterDescription = ({ name, values }: ChoiceFilter) => `Only records whose ${name} is this value (${values.join(', ')}). Absent: all.`;

/** The choice fields a list can be filtered by: those with a GraphQL enum (`enumName`), each by one of its options. */
export function choiceFilterFields(fields: Readonly<Record<string, Field>>): ChoiceFilter[] {
  return Object.entries(fields)
    .filter(([, f]) => f.kind === 'choice' && f.enumName !== undefined && (f.options?.length ?? 0) > 0)
    .map(([name, f]) => ({ name, values: f.options!.map((option) => option.value) }));
}

function wholeNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw === 'string' && /^\d{1,10}$/.test(raw)) return Number(raw);
  return null;
}

function flagValue(raw: unknown): boolean | null {
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return null;
}

/** A search term, trimmed ('' when only white space: no search), or the error to report. */
function searchTerm(raw: unknown): string | FieldError {
  const problem = (message: string): FieldError => ({ field: 'search', message });
  if (typeof raw !== 'string') return problem('search must be text');
  const term = raw.trim();
  if ([...term].length > MAX_SEARCH_LENGTH) return problem(`search must be at most ${MAX_SEARCH_LENGTH} characters`);
  if (FORBIDDEN_CONTROL_CHARACTERS.test(term) || BIDI_CONTROL_CHARACTERS.test(term)) return problem('search must not contain control characters');
  return term;
}

/**
 * Checks raw list arguments (REST query strings or GraphQL arguments; null and undefined mean
 * absent). Throws ValidationFailed with a message per bad argument. `search` and `sort` are read
 * only when the list declares what they may name (`listing`); elsewhere they are not arguments.
 * `counting`: the arguments of a count (no list is read, so a search needs no limit).
 */
export function parseListOptions(
  raw: Readonly<Record<string, unknown>>,
  filters: readonly string[],
  listing?: ListCapabilities,
  {
    counting = false,
    choices = [],
  }: {
    counting?: boolean;
    /** The choice fields it can be filtered by (choiceFilterFields). */
    choices?: readonly ChoiceFilter[];
  } = {},
): ListOptions {
  const errors: FieldError[] = [];
  const options: ListOptions = {};
  const present = (name: string) => raw[name] !== undefined && raw[name] !== null;
  if (present('limit')) {
    const limit = wholeNumber(raw.limit);
    if (limit === null || limit < 1 || limit > MAX_LIST_LIMIT) {
      errors.push({ field: 'limit', message: `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}` });
    } else options.limit = limit;
  }
  if (present('offset')) {
    const offset = wholeNumber(raw.offset);
    if (offset === null || offset < 0 || offset > MAX_OFFSET) errors.push({ field: 'offset', message: 'offset must be a whole number, 0 or more' });
    else options.offset = offset;
  }
  for (const name of filters) {
    if (!present(name)) continue;
    const value = flagValue(raw[name]);
    if (value === null) errors.push({ field: name, message: `${name} must be true or false` });
    else (options.where ??= {})[name] = value;
  }
  for (const { name, values } of choices) {
    if (!present(name)) continue;
    const value = raw[name];
    if (typeof value !== 'string' || !values.includes(value)) errors.push({ field: name, message: `${name} must be one of: ${values.join(', ')}` });
    else (options.where ??= {})[name] = value;
  }
  if (listing) {
    if (present('search')) {
      const search = searchTerm(raw.search);
      if (typeof search === 'object') errors.push(search);
      else if (search !== '') {
        if (!listing.searchable) errors.push({ field: 'search', message: 'This list cannot be searched' });
        else options.search = search;
      }
    }
    if (present('sort')) {
      const sort = typeof raw.sort === 'string' ? /^(-?)([A-Za-z]+)$/.exec(raw.sort) : null;
      if (!sort || !listing.sortable.includes(sort[2])) {
        const allowed = listing.sortable.flatMap((name) => [name, `-${name}`]).join(', ');
        errors.push({ field: 'sort', message: `sort must be one of: ${allowed}` });
      } else options.sort = { field: sort[2], direction: sort[1] ? 'desc' : 'asc' };
    }
    if (!counting && (options.search !== undefined || options.sort !== undefined) && !present('limit')) {
      errors.push({ field: 'limit', message: 'limit is required with search or sort' });
    }
  }
  if (errors.length > 0) throw new ValidationFailed(errors, 'Invalid list parameters');
  return options;
}

/** Most records one bulk action (delete, flag update, undo of deletes) names. */
export const MAX_BULK_IDS = 500;

/**
 * The record ids of a bulk action: 1..MAX_BULK_IDS positive whole numbers (a repeated id counts
 * once in the result, but every entry sent counts toward the bound), in the order first given. Throws ValidationFailed (field `ids`) otherwise.
 */
export function parseIds(raw: unknown): number[] {
  const refuse = (message: string) => new ValidationFailed([{ field: 'ids', message }], 'Invalid ids');
  if (!Array.isArray(raw)) throw refuse('ids must be a list of record ids');
  if (raw.length === 0) throw refuse('ids must name at least one record');
  // Counted as sent: a list of 10,000 copies of one id is refused before anything reads it.
  if (raw.length > MAX_BULK_IDS) throw refuse(`ids must name at most ${MAX_BULK_IDS} records`);
  if (!raw.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= MAX_OFFSET)) {
    throw refuse('ids must be record ids (whole numbers from 1)');
  }
  return [...new Set(raw as number[])];
}
