import { allowedHref, allowedImageSource } from './addresses.js';
import { HEADING_LEVELS, RICH_TEXT_LIMITS, type RichTextMark, type RichTextNode } from './document.js';

// The one renderer of rich text: a document to a tree of allowed elements (tags and attributes
// from a fixed list, text as text). The public pages turn the tree into React elements
// (web/src/components/RichText.tsx); the feed and the API's HTML field into markup with
// richTextHtml. It renders only what it knows: an unknown node or mark, a link to anything but
// http(s) or mail, a picture not uploaded here are left out (their text kept), so even a document
// that never passed the check (check.ts) renders inert.

export type RichTag = 'p' | 'h2' | 'h3' | 'h4' | 'strong' | 'em' | 'a' | 'ul' | 'ol' | 'li' | 'blockquote' | 'br' | 'img';

export interface RichElement {
  tag: RichTag;
  attrs?: Record<string, string>;
  children?: RichChild[];
}
export type RichChild = RichElement | string;

/** Attributes of a link: external ones (every http(s) address) open apart, without access to the page (noopener). */
export function linkAttributes(href: string): Record<string, string> {
  return href.startsWith('mailto:') ? { href } : { href, rel: 'noopener', target: '_blank' };
}

const BLOCK_TAGS: Partial<Record<string, RichTag>> = { paragraph: 'p', bulletList: 'ul', orderedList: 'ol', listItem: 'li', blockquote: 'blockquote' };

function withMarks(text: string, marks: readonly RichTextMark[] | undefined): RichChild {
  let child: RichChild = text;
  // Innermost first: italic, bold, then the link around them.
  for (const mark of [...(marks ?? [])].reverse()) {
    if (mark.type === 'italic') child = { tag: 'em', children: [child] };
    else if (mark.type === 'bold') child = { tag: 'strong', children: [child] };
    else if (mark.type === 'link') {
      const href = allowedHref(mark.attrs?.href);
      if (href !== null) child = { tag: 'a', attrs: linkAttributes(href), children: [child] };
    }
  }
  return child;
}

/** The elements of a document (or of any node's children). */
export function richTextElements(doc: RichTextNode | null | undefined): RichChild[] {
  if (!doc || !Array.isArray(doc.content)) return [];
  let budget: number = RICH_TEXT_LIMITS.maxNodes * 4;
  const children = (node: RichTextNode, depth: number): RichChild[] => {
    if (!Array.isArray(node.content) || depth > RICH_TEXT_LIMITS.maxDepth) return [];
    const out: RichChild[] = [];
    for (const child of node.content) {
      budget -= 1;
      if (budget < 0) break;
      const rendered = element(child, depth + 1);
      if (rendered !== null) out.push(rendered);
    }
    return out;
  };
  const element = (node: RichTextNode, depth: number): RichChild | null => {
    if (typeof node !== 'object' || node === null) return null;
    switch (node.type) {
      case 'text':
        return typeof node.text === 'string' ? withMarks(node.text, Array.isArray(node.marks) ? node.marks : undefined) : null;
      case 'hardBreak':
        return { tag: 'br' };
      case 'heading': {
        const level = (HEADING_LEVELS as readonly unknown[]).includes(node.attrs?.level) ? (node.attrs!.level as number) : 2;
        return { tag: `h${level}` as RichTag, children: children(node, depth) };
      }
      case 'image': {
        const src = allowedImageSource(node.attrs?.src);
        const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
        return src === null ? null : { tag: 'img', attrs: { src, alt } };
      }
      case 'orderedList': {
        const start = node.attrs?.start;
        const attrs = typeof start === 'number' && Number.isInteger(start) && start !== 1 ? { start: String(start) } : undefined;
        return { tag: 'ol', ...(attrs && { attrs }), children: children(node, depth) };
      }
      default: {
        // Own keys only: a node typed 'constructor' or '__proto__' is no block.
        const tag = typeof node.type === 'string' && Object.hasOwn(BLOCK_TAGS, node.type) ? BLOCK_TAGS[node.type] : undefined;
        return tag ? { tag, children: children(node, depth) } : null;
      }
    }
  };
  return children(doc, 1);
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const VOID_TAGS: ReadonlySet<RichTag> = new Set(['br', 'img']);

function html(child: RichChild, origin: string): string {
  if (typeof child === 'string') return escapeHtml(child);
  const given = child.tag === 'img' && child.attrs ? { ...child.attrs, src: origin + child.attrs.src, loading: 'lazy' } : child.attrs;
  const attrs = Object.entries(given ?? {})
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  if (VOID_TAGS.has(child.tag)) return `<${child.tag}${attrs}>`;
  return `<${child.tag}${attrs}>${(child.children ?? []).map((c) => html(c, origin)).join('')}</${child.tag}>`;
}

/**
 * A document as HTML markup (the feed's entries, the API's `...Html` fields): only the allowed
 * tags. `origin` (the site's public origin) makes the pictures' addresses absolute, for markup
 * read away from the site (a feed reader).
 */
export function richTextHtml(doc: RichTextNode | null | undefined, { origin = '' }: { origin?: string } = {}): string {
  return richTextElements(doc)
    .map((child) => html(child, origin))
    .join('');
}
