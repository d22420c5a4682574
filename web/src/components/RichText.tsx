import { createElement, type ReactNode } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';
import { richTextElements, type RichChild, type RichElement, type RichTextNode } from '@consulting/model';
import { NewTabHint } from './ExternalLink';
import { ResponsiveImage } from './ResponsiveImage';

// A rich-text document (news content, a project's story) as React elements. The model's one
// renderer (richTextElements) decides what is shown: only allowed tags, links to http(s) and mail,
// uploaded pictures; this maps its tree to elements, never to markup (no dangerouslySetInnerHTML).
// Each tag passes only the attributes it is known to take, so nothing else reaches the page even if
// the tree held more.

/** Widths an inline picture is shown at: the article column (at most ~46rem), or the screen less its padding. */
export const RICH_IMAGE_SIZES = '(min-width: 48rem) 736px, calc(100vw - 2rem)';

/** The tags the model's renderer names (RichTag): anything else in a tree is left out. */
const RICH_TAGS: ReadonlySet<unknown> = new Set<RichElement['tag']>(['p', 'h2', 'h3', 'h4', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'br', 'img']);

/** The attributes each tag may carry, by name. */
const ALLOWED_ATTRIBUTES: Partial<Record<RichElement['tag'], readonly string[]>> = {
  a: ['href', 'rel', 'target'],
  ol: ['start'],
};

function attributesOf(element: RichElement): Record<string, string> {
  const allowed = Object.hasOwn(ALLOWED_ATTRIBUTES, element.tag) ? ALLOWED_ATTRIBUTES[element.tag]! : [];
  const attrs: Record<string, string> = {};
  for (const name of allowed) {
    const value = element.attrs?.[name];
    if (typeof value === 'string') attrs[name] = value;
  }
  return attrs;
}

function toReact(child: RichChild, key: number): ReactNode {
  if (typeof child === 'string') return child;
  if (typeof child !== 'object' || child === null || !RICH_TAGS.has(child.tag)) return null;
  if (child.tag === 'img') {
    const src = child.attrs?.src;
    if (!src) return null;
    return (
      <Box as="figure" key={key}>
        <ResponsiveImage src={src} alt={child.attrs?.alt ?? ''} sizes={RICH_IMAGE_SIZES} />
      </Box>
    );
  }
  if (child.tag === 'br') return <br key={key} />;
  const attrs = attributesOf(child);
  const children = (child.children ?? []).map(toReact);
  if (child.tag === 'a' && attrs.target === '_blank') {
    children.push(<NewTabHint key="new-tab" />);
  }
  return createElement(child.tag, { key, ...attrs }, ...children);
}

/** The React elements of a document (no wrapper): headings, paragraphs, lists, quotes, links, pictures. */
export function richTextNodes(doc: RichTextNode | null | undefined): ReactNode[] {
  return richTextElements(doc).map(toReact);
}

/** Article typography: a readable line length and a steady vertical rhythm in the site's theme. */
const PROSE_STYLES: BoxProps['css'] = {
  maxWidth: '70ch',
  color: 'gray.800',
  fontSize: { base: 'md', md: 'lg' },
  lineHeight: '1.75',
  overflowWrap: 'break-word',
  '& > * + *': { marginTop: '1.25em' },
  '& h2, & h3, & h4': { fontFamily: 'heading', color: 'brand.900', lineHeight: '1.3', fontWeight: 'semibold', marginTop: '1.75em' },
  '& > :first-child': { marginTop: '0' },
  '& h2': { fontSize: { base: 'xl', md: '2xl' } },
  '& h3': { fontSize: { base: 'lg', md: 'xl' } },
  '& h4': { fontSize: { base: 'md', md: 'lg' } },
  '& h2 + *, & h3 + *, & h4 + *': { marginTop: '0.6em' },
  '& a': { color: 'brand.700', textDecoration: 'underline', textUnderlineOffset: '0.15em', _hover: { color: 'brand.900' } },
  '& strong': { fontWeight: 'semibold', color: 'gray.900' },
  '& ul, & ol': { paddingInlineStart: '1.5em' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li + li': { marginTop: '0.4em' },
  '& li > * + *': { marginTop: '0.4em' },
  '& li::marker': { color: 'accent.700' },
  '& blockquote': {
    borderInlineStartWidth: '3px',
    borderColor: 'accent.400',
    paddingInlineStart: '1.25em',
    fontFamily: 'heading',
    fontStyle: 'italic',
    color: 'brand.800',
  },
  '& blockquote > * + *': { marginTop: '0.75em' },
  // A picture spans the column (no browser indent on its figure).
  '& figure': { marginInline: '0' },
  '& img': { display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 'lg' },
};

/** A rich-text document shown as an article body; nothing when it is empty. */
export function RichText({ doc, ...rest }: { doc: RichTextNode | null | undefined } & Omit<BoxProps, 'children'>) {
  const nodes = richTextNodes(doc);
  if (nodes.length === 0) return null;
  return (
    <Box css={PROSE_STYLES} {...rest}>
      {nodes}
    </Box>
  );
}
