import { diffWords } from 'diff';
import { documentKey, isRichTextDocument, plainTextOf, type Field } from '@consulting/model';
import { contentTypeOf } from '../shell/content-labels';

// What one history entry changed, field by field, as staff read it: a value (Yes/No, a choice's
// label, an image, text) before and after, and for long text the words removed and added.

/** A value as shown: text, or an image address; null when the field was empty. */
export type Shown = { kind: 'text'; text: string } | { kind: 'image'; src: string } | null;

/** A stretch of a long text: kept, removed or added. */
export interface TextPart {
  text: string;
  change: 'same' | 'removed' | 'added';
}

export interface FieldChange {
  field: string;
  before: Shown;
  after: Shown;
  /** Long text: the words removed and added, unchanged stretches shortened to their ends. */
  parts?: TextPart[];
  /** Rich text whose words stayed the same: only its formatting (headings, links, pictures...) changed. */
  formattingOnly?: boolean;
}

/** Text from this length (or with a line break) is shown as a word diff rather than before -> after. */
export const LONG_TEXT = 80;
/** Characters of unchanged text kept on each side of a change. */
export const CONTEXT = 40;
/** Columns the server keeps for itself, not something an editor changed. */
const BOOKKEEPING = new Set(['id', 'version', 'createdAt', 'updatedAt']);
/** Beyond this many edits a diff is not worth reading: before -> after instead. */
const MAX_EDITS = 400;

export function parseState(json: string | null | undefined): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function shown(field: Field | undefined, value: unknown): Shown {
  if (value === null || value === undefined || value === '') return null;
  if (field?.kind === 'flag' || typeof value === 'boolean') return { kind: 'text', text: value ? 'Yes' : 'No' };
  if (field?.kind === 'imageAddress') return { kind: 'image', src: String(value) };
  if (field?.kind === 'choice') return { kind: 'text', text: field.options?.find((o) => o.value === value)?.label ?? String(value) };
  return { kind: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) };
}

/** Unchanged text longer than its context: its ends only (the start of the first, the end of the last). */
function shorten(text: string, first: boolean, last: boolean): string {
  if (text.length <= CONTEXT * 2 + 10) return text;
  const head = first ? '' : text.slice(0, CONTEXT);
  const tail = last ? '' : text.slice(-CONTEXT);
  return `${head}…${tail}`;
}

function wordDiff(before: string, after: string): TextPart[] | undefined {
  const changes = diffWords(before, after, { maxEditLength: MAX_EDITS });
  if (!changes) return undefined;
  return changes.map((c, i) => ({
    change: c.added ? 'added' : c.removed ? 'removed' : 'same',
    text: c.added || c.removed ? c.value : shorten(c.value, i === 0, i === changes.length - 1),
  }));
}

const isLong = (s: Shown) => s?.kind === 'text' && (s.text.length >= LONG_TEXT || s.text.includes('\n'));

const fieldsOf = (collection: string) => (contentTypeOf(collection)?.fields ?? {}) as Record<string, Field>;

/**
 * The fields an entry changed as staff name them: a rich field is one change, whether the record
 * named its text (`content`), its document (`contentDocument`) or both; bookkeeping left out.
 */
export function changedFields(collection: string, changed: readonly string[]): string[] {
  const fields = fieldsOf(collection);
  const documents = new Map(Object.entries(fields).flatMap(([name, field]) => (field.kind === 'richText' ? [[documentKey(name), name] as const] : [])));
  return [...new Set(changed.map((name) => documents.get(name) ?? name))].filter((name) => !BOOKKEEPING.has(name));
}

/** A rich field's text in a recorded state: its plain text, else the text of its document. */
function richText(state: Record<string, unknown>, name: string): string | null {
  const text = state[name];
  if (typeof text === 'string') return text;
  const document = state[documentKey(name)];
  return isRichTextDocument(document) ? plainTextOf(document) : null;
}

/** The entry's changes, in the order of the collection's fields; unknown fields (display order) after them. */
export function fieldChanges(collection: string, changed: readonly string[], before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const fields = fieldsOf(collection);
  const order = Object.keys(fields);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return changedFields(collection, changed)
    .sort((a, b) => rank(a) - rank(b))
    .map((name) => {
      const rich = fields[name]?.kind === 'richText';
      // A rich field shows as its text (the document itself is not for reading).
      const was = shown(fields[name], rich ? richText(before, name) : before[name]);
      const is = shown(fields[name], rich ? richText(after, name) : after[name]);
      const long = was?.kind === 'text' && is?.kind === 'text' && (isLong(was) || isLong(is));
      const parts = long ? wordDiff(was.text, is.text) : undefined;
      const formattingOnly = rich && JSON.stringify(was) === JSON.stringify(is);
      return { field: name, before: was, after: is, ...(parts && { parts }), ...(formattingOnly && { formattingOnly }) };
    });
}
