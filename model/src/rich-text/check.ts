import { BIDI_CONTROL_CHARACTERS, FORBIDDEN_CONTROL_CHARACTERS } from '../constants.js';
import { allowedHref, allowedImageSource } from './addresses.js';
import {
  BLOCK_TYPES,
  HEADING_LEVELS,
  INLINE_TYPES,
  MARK_TYPES,
  RICH_TEXT_LIMITS,
  type RichTextDocument,
  type RichTextMark,
  type RichTextNode,
  type RichTextNodeType,
  inJsonbOrder,
} from './document.js';

// The check of a rich-text document against the allowlist (document.ts): every node type, mark
// and attribute is one the site knows how to render; anything else is refused with a message
// naming the field. Attributes the editor adds that the site does not use (a link's target, an
// image's title) are dropped, so what is stored is the normalised document and nothing more.

type Checked = { value: RichTextDocument | null } | { error: string };

class Refused extends Error {}

/** What each container may hold. */
const CHILDREN: Partial<Record<RichTextNodeType, readonly RichTextNodeType[]>> = {
  doc: BLOCK_TYPES,
  blockquote: BLOCK_TYPES,
  listItem: BLOCK_TYPES,
  bulletList: ['listItem'],
  orderedList: ['listItem'],
  paragraph: INLINE_TYPES,
  heading: INLINE_TYPES,
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a rich-text document and returns it normalised (only the allowed types, marks and
 * attributes), null for a document with no text and no picture, or the message saying why it is
 * refused. `name` is the field's name in messages.
 */
export function checkRichText(name: string, raw: unknown): Checked {
  let nodes = 0;
  let textLength = 0;
  const refuse = (message: string): never => {
    throw new Refused(message);
  };

  const text = (value: unknown): string => {
    if (typeof value !== 'string' || value.length === 0) return refuse(`${name} has a text without characters`);
    if (FORBIDDEN_CONTROL_CHARACTERS.test(value)) return refuse(`${name} contains characters that are not allowed`);
    if (BIDI_CONTROL_CHARACTERS.test(value)) return refuse(`${name} contains hidden text-direction characters (such as U+202E), which are not allowed`);
    textLength += value.length;
    if (textLength > RICH_TEXT_LIMITS.maxTextLength) return refuse(`${name} must be at most ${RICH_TEXT_LIMITS.maxTextLength} characters`);
    return value;
  };

  const marks = (raw: unknown): RichTextMark[] | undefined => {
    if (raw === undefined || raw === null) return undefined;
    if (!Array.isArray(raw) || raw.length > MARK_TYPES.length * 2) return refuse(`${name} has malformed formatting`);
    const seen = new Map<string, RichTextMark>();
    for (const mark of raw) {
      if (!isObject(mark) || typeof mark.type !== 'string' || !(MARK_TYPES as readonly string[]).includes(mark.type)) {
        return refuse(`${name} has formatting that is not allowed${isObject(mark) && typeof mark.type === 'string' ? ` (${mark.type.slice(0, 40)})` : ''}`);
      }
      if (mark.type === 'link') {
        const href = allowedHref(isObject(mark.attrs) ? mark.attrs.href : undefined);
        if (href === null) return refuse(`Links in ${name.toLowerCase()} must be web addresses (http:// or https://) or email addresses (mailto:)`);
        seen.set('link', { type: 'link', attrs: { href } });
      } else {
        seen.set(mark.type, { type: mark.type as RichTextMark['type'] });
      }
    }
    // One order whatever the editor sent: the link outermost, then bold, then italic.
    const ordered: RichTextMark['type'][] = ['link', 'bold', 'italic'];
    const result = ordered.map((type) => seen.get(type)).filter((mark): mark is RichTextMark => mark !== undefined);
    return result.length > 0 ? result : undefined;
  };

  const node = (raw: unknown, depth: number, allowed: readonly RichTextNodeType[]): RichTextNode => {
    nodes += 1;
    if (nodes > RICH_TEXT_LIMITS.maxNodes) return refuse(`${name} is too long: at most ${RICH_TEXT_LIMITS.maxNodes.toLocaleString('en-US')} elements`);
    if (depth > RICH_TEXT_LIMITS.maxDepth) return refuse(`${name} is nested too deeply`);
    if (!isObject(raw) || typeof raw.type !== 'string') return refuse(`${name} is not a rich-text document`);
    const type = raw.type;
    if (!(allowed as readonly string[]).includes(type)) {
      const known = type === 'doc' || type === 'listItem' || (BLOCK_TYPES as readonly string[]).includes(type) || (INLINE_TYPES as readonly string[]).includes(type);
      return refuse(known ? `${name} has a ${type} where it cannot be` : `${name} has an element that is not allowed (${type.slice(0, 40)})`);
    }
    const attrs = isObject(raw.attrs) ? raw.attrs : {};
    switch (type as RichTextNodeType) {
      case 'text': {
        const checked: RichTextNode = { type: 'text', text: text(raw.text) };
        const kept = marks(raw.marks);
        if (kept) checked.marks = kept;
        return checked;
      }
      case 'hardBreak':
        return { type: 'hardBreak' };
      case 'image': {
        const src = allowedImageSource(attrs.src);
        if (src === null) return refuse(`Images in ${name.toLowerCase()} must be pictures uploaded to this site`);
        const alt = typeof attrs.alt === 'string' ? attrs.alt.trim() : '';
        if (alt.length === 0) return refuse(`Images in ${name.toLowerCase()} need alt text`);
        if (alt.length > RICH_TEXT_LIMITS.maxAltLength) return refuse(`Alt text of images in ${name.toLowerCase()} must be at most ${RICH_TEXT_LIMITS.maxAltLength} characters`);
        text(alt);
        return { type: 'image', attrs: { src, alt } };
      }
      case 'heading': {
        const level = attrs.level;
        if (!(HEADING_LEVELS as readonly unknown[]).includes(level)) return refuse(`Headings in ${name.toLowerCase()} must be of level 2, 3 or 4`);
        return container({ type: 'heading', attrs: { level: level as number } }, raw.content, depth, false);
      }
      case 'orderedList': {
        const start = attrs.start;
        const checked: RichTextNode = { type: 'orderedList' };
        if (start !== undefined && start !== null && start !== 1) {
          if (typeof start !== 'number' || !Number.isInteger(start) || start < 0 || start > 1_000_000) return refuse(`${name} has a numbered list with a malformed start`);
          checked.attrs = { start };
        }
        return container(checked, raw.content, depth, true);
      }
      case 'bulletList':
      case 'blockquote':
      case 'listItem':
        return container({ type: type as RichTextNodeType }, raw.content, depth, true);
      case 'paragraph':
        return container({ type: 'paragraph' }, raw.content, depth, false);
      default:
        return refuse(`${name} is not a rich-text document`);
    }
  };

  /** A container's children, checked; `nonEmpty`: it must hold at least one. */
  const container = (checked: RichTextNode, content: unknown, depth: number, nonEmpty: boolean): RichTextNode => {
    const allowed = CHILDREN[checked.type]!;
    if (content === undefined || content === null) {
      if (nonEmpty) return refuse(`${name} has an empty ${checked.type}`);
      return checked;
    }
    if (!Array.isArray(content)) return refuse(`${name} is not a rich-text document`);
    if (nonEmpty && content.length === 0) return refuse(`${name} has an empty ${checked.type}`);
    if (nodes + content.length > RICH_TEXT_LIMITS.maxNodes) return refuse(`${name} is too long: at most ${RICH_TEXT_LIMITS.maxNodes.toLocaleString('en-US')} elements`);
    if (content.length > 0) checked.content = content.map((child) => node(child, depth + 1, allowed));
    return checked;
  };

  try {
    if (!isObject(raw) || raw.type !== 'doc') return { error: `${name} must be a rich-text document ({ "type": "doc", "content": [...] })` };
    const doc = container({ type: 'doc' }, raw.content ?? [], 1, false) as RichTextDocument;
    doc.content ??= [];
    return { value: isBlank(doc) ? null : inJsonbOrder(doc) };
  } catch (error) {
    if (error instanceof Refused) return { error: error.message };
    // A document too deep for the stack is refused, like one past the depth limit.
    if (error instanceof RangeError) return { error: `${name} is nested too deeply` };
    throw error;
  }
}

/** No text other than white space, and no picture: an empty field. */
function isBlank(doc: RichTextDocument): boolean {
  const stack: RichTextNode[] = [...doc.content];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'image') return false;
    if (node.type === 'text' && node.text!.trim().length > 0) return false;
    if (node.content) stack.push(...node.content);
  }
  return true;
}
