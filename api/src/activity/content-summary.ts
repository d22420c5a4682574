import { contentTypes, type ContentType } from '@consulting/model';
import type { HistoryAction } from '../content/history/content-history.entity.js';

// The words of a content change's activity entry: `Updated News article “Launch day”`.

const TITLE_LENGTH = 120;

/** Each history action as a sentence around the item: `{item}` is `News article “Title”`. */
const SENTENCES: Record<HistoryAction, string> = {
  create: 'Created {item}',
  update: 'Updated {item}',
  delete: 'Deleted {item}',
  restore: 'Restored {item}',
  move: 'Moved {item}',
  draft: 'Saved a draft of {item}',
  discard: 'Discarded the draft of {item}',
  publish: 'Published {item}',
  unpublish: 'Unpublished {item}',
  submit: 'Submitted {item} for review',
};

const typeOf = (collection: string): ContentType | undefined => contentTypes.find((type) => type.restPath === collection);

/** What to call a record: its first text field that has a value (a title, a name), shortened. */
export function titleOf(type: ContentType | undefined, record: Record<string, unknown> | null): string | null {
  if (!type || !record) return null;
  for (const [name, field] of Object.entries(type.fields)) {
    const value = record[name];
    if (field.kind !== 'text' || typeof value !== 'string') continue;
    const flat = value.replace(/\s+/g, ' ').trim();
    if (flat) return flat.length > TITLE_LENGTH ? `${flat.slice(0, TITLE_LENGTH - 1)}…` : flat;
  }
  return null;
}

/**
 * The summary of a change to a content record, in the content model's words: the type's entity
 * label (`News article`, `Landing content`) and, for a collection's record, its title as it is
 * after the change (before it, for a delete). An unknown collection is named by its path.
 */
export function contentSummary(
  collection: string,
  action: HistoryAction,
  recordId: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string {
  const type = typeOf(collection);
  const entity = type?.labels.entity ?? collection;
  let item = entity;
  if (type?.kind !== 'singleton') {
    const title = titleOf(type, after) ?? titleOf(type, before);
    item = title ? `${entity} “${title}”` : `${entity} #${recordId}`;
  }
  return SENTENCES[action].replace('{item}', item);
}
