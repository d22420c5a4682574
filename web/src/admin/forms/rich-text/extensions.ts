import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { allowedHref, allowedImageSource, checkRichText, type RichTextDocument } from '@consulting/model';
import type { JSONContent } from '@tiptap/react';

// The editor's schema is the content model's allowlist (model/src/rich-text/document.ts) and
// nothing more: paragraphs, headings 2 to 4, bold, italic, links (http, https, mailto), bulleted
// and numbered lists, quotes, line breaks and pictures from the site's uploads. What StarterKit
// adds beyond it (code, code blocks, rules, strike-through, underline) is switched off, so
// neither a shortcut, a Markdown-like input rule nor a paste can bring it in.

/** A link's address as the model accepts it, else null. */
const linkAllowed = (url: string) => allowedHref(url) !== null;

/**
 * Pictures: a block with its address and alt text only; pasted or dropped HTML brings in only
 * pictures already uploaded to the site, and `![alt](src)` typed is left as text.
 */
const AllowedImage = Image.extend({
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (element) => (allowedImageSource((element as HTMLElement).getAttribute('src')) ? null : false) }];
  },
  addInputRules() {
    return [];
  },
}).configure({ inline: false, allowBase64: false });

/** The editor's extensions (one list: the React binding compares them by identity). */
export const EDITOR_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    // A trailing empty paragraph would be stored with every article; the gap cursor reaches past a picture instead.
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: 'https',
      protocols: ['http', 'https', 'mailto'],
      // Stored links have an address only: the site decides rel and target when it renders them.
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: linkAllowed,
      shouldAutoLink: linkAllowed,
    },
  }),
  AllowedImage,
];

/**
 * The editor's JSON as the form keeps it: normalised by the model's own check (only the allowed
 * attributes; null for an empty document). JSON the check refuses is kept as it is, so the
 * field shows the model's message (a picture without alt text) instead of losing the content.
 */
export function storedDocument(json: JSONContent, name: string): RichTextDocument | null {
  const checked = checkRichText(name, json);
  return 'error' in checked ? (json as RichTextDocument) : checked.value;
}

/** What the link form makes of what staff typed: an allowed address, or null (javascript:, data:, a bare word...). */
export function linkAddress(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return null;
  // An email address or a site's name typed on its own gets its scheme.
  if (/^[^\s@:/]+@[^\s@:/]+\.[^\s@:/]+$/.test(text)) return allowedHref(`mailto:${text}`);
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#]\S*)?$/i.test(text) && !/^[a-z][a-z0-9+.-]*:/i.test(text)) return allowedHref(`https://${text}`);
  return allowedHref(text);
}
