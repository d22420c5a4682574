import { MAX_LIST_LIMIT, type Field } from '@consulting/model';
import { ValidationFailed, type FieldError } from '../shared/errors.js';

// Paging and filtering of every collection list, one mechanism for all of them: `limit` (1..500,
// absent = all), `offset` (0 or more) and one filter per on/off field of the type (news and
// clients: `featured`). A limit over 500 is refused (400 / BAD_USER_INPUT), not clamped: a client
// asking for 1000 and silently getting 500 would think it has everything.

/** On every collection list (REST): how many records match its filters in all, paged or not. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export interface ListOptions {
  limit?: number;
  offset?: number;
  /** Flag field -> wanted value. */
  where?: Record<string, boolean>;
}

/** Largest offset accepted (a PostgreSQL integer). */
const MAX_OFFSET = 2_147_483_647;

/** The flag fields a list can be filtered by. */
export function filterFields(fields: Readonly<Record<string, Field>>): string[] {
  return Object.entries(fields)
    .filter(([, f]) => f.kind === 'flag')
    .map(([name]) => name);
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

/**
 * Checks raw list arguments (REST query strings or GraphQL arguments; null and undefined mean
 * absent). Throws ValidationFailed with a message per bad argument.
 */
export function parseListOptions(raw: Readonly<Record<string, unknown>>, filters: readonly string[]): ListOptions {
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
  if (errors.length > 0) throw new ValidationFailed(errors, 'Invalid list parameters');
  return options;
}
