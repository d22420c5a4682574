import { inJsonbOrder, type RichTextDocument, type RichTextNode } from './document.js';

// Rich text and plain text. A rich field's own name carries its plain text on every surface (the
// REST contract's `content` stays a string), made from the document here; plain text given
// instead of a document (an older client, the rows stored before rich text) becomes paragraphs.
// The two are each other's inverse on plain text: plainTextOf(richTextFromPlainText(t)) === t.

/** Paragraphs are separated by a blank line; a line break inside one is a hard break. */
const PARAGRAPH_BREAK = '\n\n';

/**
 * Plain text as a document: a paragraph per blank-line-separated part (an empty part an empty
 * paragraph), its line breaks kept as hard breaks. Null for text with nothing in it.
 */
export function richTextFromPlainText(text: string): RichTextDocument | null {
  if (text.trim().length === 0) return null;
  const content: RichTextNode[] = text.split(PARAGRAPH_BREAK).map((part) => {
    const inline: RichTextNode[] = [];
    part.split('\n').forEach((line, i) => {
      if (i > 0) inline.push({ type: 'hardBreak' });
      if (line.length > 0) inline.push({ type: 'text', text: line });
    });
    return inline.length > 0 ? { type: 'paragraph', content: inline } : { type: 'paragraph' };
  });
  return inJsonbOrder({ type: 'doc', content });
}

function inlineText(node: RichTextNode): string {
  return (node.content ?? []).map((child) => (child.type === 'text' ? (child.text ?? '') : child.type === 'hardBreak' ? '\n' : '')).join('');
}

/** The lines of one block; list items are marked ("- ", "1. ") and nested lists indented. */
function blockText(node: RichTextNode, indent: string): string[] {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      return [indent + inlineText(node)];
    case 'blockquote':
      return (node.content ?? []).flatMap((child) => blockText(child, indent));
    case 'bulletList':
    case 'orderedList': {
      const start = node.type === 'orderedList' ? Number(node.attrs?.start ?? 1) : 0;
      return (node.content ?? []).flatMap((item, i) => {
        const marker = node.type === 'orderedList' ? `${start + i}. ` : '- ';
        const [first, ...rest] = (item.content ?? []).flatMap((child) => blockText(child, indent + '  '));
        return [indent + marker + (first ?? '').slice(indent.length + 2), ...rest];
      });
    }
    default:
      // Pictures have no text of their own (their alt text describes them on the page).
      return [];
  }
}

/** The text of a document: its blocks separated by blank lines, hard breaks as line breaks. */
export function plainTextOf(doc: RichTextDocument | null | undefined): string {
  if (!doc) return '';
  return doc.content
    .filter((block) => block.type !== 'image')
    .map((block) => blockText(block, '').join('\n'))
    .join(PARAGRAPH_BREAK);
}
