// The rich text of the content model: a document in the JSON of ProseMirror (what TipTap, the
// admin's editor, reads and writes), limited to an allowlist of nodes, marks and attributes. The
// server accepts only documents within it (check.ts) and renders them itself (render.ts); no HTML
// is ever taken from a client.

/** A node as stored: only the allowed types, attributes and marks (check.ts normalises to this). */
export interface RichTextNode {
  type: RichTextNodeType;
  attrs?: Record<string, string | number>;
  content?: RichTextNode[];
  text?: string;
  marks?: RichTextMark[];
}

export interface RichTextMark {
  type: RichTextMarkType;
  attrs?: { href: string };
}

/** A whole document: `{ type: 'doc', content: [blocks] }`. */
export interface RichTextDocument extends RichTextNode {
  type: 'doc';
  content: RichTextNode[];
}

/** Blocks: what a document, a quote or a list item holds. */
export const BLOCK_TYPES = ['paragraph', 'heading', 'bulletList', 'orderedList', 'blockquote', 'image'] as const;
/** Inline content: what a paragraph or a heading holds. */
export const INLINE_TYPES = ['text', 'hardBreak'] as const;
export type RichTextNodeType = 'doc' | 'listItem' | (typeof BLOCK_TYPES)[number] | (typeof INLINE_TYPES)[number];

export const MARK_TYPES = ['bold', 'italic', 'link'] as const;
export type RichTextMarkType = (typeof MARK_TYPES)[number];

/** Heading levels (the page's title is its h1). */
export const HEADING_LEVELS = [2, 3, 4] as const;

/** Link targets: web pages and mail. */
export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'] as const;

/** Limits of one document: nodes in all, nesting (the document itself is level 1), text in all. */
export const RICH_TEXT_LIMITS = { maxNodes: 5_000, maxDepth: 16, maxTextLength: 100_000, maxAltLength: 300 } as const;

/** The wire name of a rich field's document: `content` -> `contentDocument` (the field's own name is its plain text). */
export function documentKey(field: string): string {
  return `${field}Document`;
}

export function isRichTextDocument(value: unknown): value is RichTextDocument {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc' && Array.isArray((value as { content?: unknown }).content);
}

/**
 * The value with every object's keys in PostgreSQL's jsonb order (shorter keys first, then by
 * code unit): a document stored and read back is then identical to the one stored, key for key,
 * so comparing them (has anything changed? JSON text equality) never sees a change that is not one.
 */
export function inJsonbOrder<T>(value: T): T {
  if (Array.isArray(value)) return value.map(inJsonbOrder) as T;
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, inJsonbOrder((value as Record<string, unknown>)[key])])) as T;
}
