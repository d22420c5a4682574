import type { ContentHistory } from './content-history.entity.js';

/** Bookkeeping columns, not something an editor changed. */
const IGNORED = new Set(['version', 'createdAt', 'updatedAt', 'id']);

/** A rich field's document (`contentDocument`) is named as its field (`content`): one change, listed once. */
const fieldOf = (key: string, keys: Set<string>) => (key.endsWith('Document') && keys.has(key.slice(0, -'Document'.length)) ? key.slice(0, -'Document'.length) : key);

/** The fields whose stored value differs between an entry's before and after (all of them for a create or delete). */
export function changedFields(entry: Pick<ContentHistory, 'before' | 'after'>): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...keys].filter((key) => !IGNORED.has(key) && JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
  return [...new Set(changed.map((key) => fieldOf(key, keys)))];
}
