import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import fc from 'fast-check';
import type { RichTextNode } from '@consulting/model';
import { system } from '../theme';
import { RichText } from './RichText';
import './server-render-support';

const { renderToStaticMarkup } = await import('react-dom/server');

const text = (value: string, marks?: RichTextNode['marks']): RichTextNode => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content });
const doc = (...content: RichTextNode[]) => ({ type: 'doc' as const, content });

function renderDoc(value: unknown) {
  return render(
    <ChakraProvider value={system}>
      <RichText doc={value as RichTextNode} data-testid="rich" />
    </ChakraProvider>,
  );
}

function markupOf(value: unknown): string {
  return renderToStaticMarkup(
    <ChakraProvider value={system}>
      <RichText doc={value as RichTextNode} />
    </ChakraProvider>,
  );
}

describe('RichText', () => {
  it('renders headings, paragraphs, bold and italic, lists, quotes, line breaks and links', () => {
    renderDoc(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [text('Why it matters')] },
        { type: 'heading', attrs: { level: 3 }, content: [text('Background')] },
        { type: 'heading', attrs: { level: 4 }, content: [text('Details')] },
        paragraph(text('Plain, '), text('bold', [{ type: 'bold' }]), text(' and '), text('italic', [{ type: 'italic' }]), { type: 'hardBreak' }, text('next line')),
        { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('First point'))] }, { type: 'listItem', content: [paragraph(text('Second point'))] }] },
        { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [paragraph(text('Third step'))] }] },
        { type: 'blockquote', content: [paragraph(text('A quoted client'))] },
        paragraph(
          text('Read the ', []),
          text('report', [{ type: 'link', attrs: { href: 'https://example.org/report' } }]),
          text(' or '),
          text('write to us', [{ type: 'link', attrs: { href: 'mailto:hello@example.org' } }]),
        ),
      ),
    );
    const root = screen.getByTestId('rich');
    expect(within(root).getByRole('heading', { level: 2, name: 'Why it matters' })).toBeInTheDocument();
    expect(within(root).getByRole('heading', { level: 3, name: 'Background' })).toBeInTheDocument();
    expect(within(root).getByRole('heading', { level: 4, name: 'Details' })).toBeInTheDocument();
    expect(within(root).getByText('bold').tagName).toBe('STRONG');
    expect(within(root).getByText('italic').tagName).toBe('EM');
    expect(root.querySelector('br')).not.toBeNull();
    const [bullets, numbers] = within(root).getAllByRole('list');
    expect(bullets.tagName).toBe('UL');
    expect(within(bullets).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['First point', 'Second point']);
    expect(numbers.tagName).toBe('OL');
    expect(numbers).toHaveAttribute('start', '3');
    expect(within(root).getByText('A quoted client').closest('blockquote')).not.toBeNull();

    const external = within(root).getByRole('link', { name: 'report (opens in a new tab)' });
    expect(external).toHaveAttribute('href', 'https://example.org/report');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener');
    const mail = within(root).getByRole('link', { name: 'write to us' });
    expect(mail).toHaveAttribute('href', 'mailto:hello@example.org');
    expect(mail).not.toHaveAttribute('target');
  });

  it('shows an uploaded picture with its alt text, lazily, with the responsive variants of a sized upload', () => {
    renderDoc(doc({ type: 'image', attrs: { src: '/uploads/chart-w1600.png', alt: 'Growth chart' } }));
    const image = screen.getByRole('img', { name: 'Growth chart' });
    expect(image).toHaveAttribute('src', '/uploads/chart-w1600.png');
    expect(image).toHaveAttribute('loading', 'lazy');
    const sources = image.closest('picture')!.querySelectorAll('source');
    expect([...sources].map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0].getAttribute('srcset')).toContain('/uploads/chart-w1600-1280.avif 1280w');
  });

  it('leaves out a javascript: link (its text kept), a picture from elsewhere and unknown nodes', () => {
    renderDoc(
      doc(
        paragraph(text('click me', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])),
        { type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'tracker' } },
        { type: 'script' as RichTextNode['type'], content: [text('alert(1)')] },
        paragraph({ type: 'mention' as RichTextNode['type'], text: 'hidden' }, text('kept')),
      ),
    );
    const root = screen.getByTestId('rich');
    expect(within(root).getByText('click me').tagName).toBe('P');
    expect(within(root).queryByRole('link')).toBeNull();
    expect(within(root).queryByRole('img')).toBeNull();
    expect(root.textContent).toBe('click mekept');
    expect(root.querySelector('script')).toBeNull();
  });

  it('renders nothing for an empty or missing document', () => {
    expect(markupOf(null)).toBe('');
    expect(markupOf(doc())).toBe('');
    expect(markupOf({ type: 'doc', content: 'not a list' })).toBe('');
  });
});

// Tags the page may show for a document: the model's (richTextElements) and what this component
// wraps around them (the picture element of a responsive image, its figure, the new-tab hint, the wrapper).
const ALLOWED_TAGS = new Set(['div', 'p', 'h2', 'h3', 'h4', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'br', 'img', 'figure', 'picture', 'source', 'span']);
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

const HOSTILE_STRINGS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\nscript:alert(1)',
  'javascript&colon;alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '/uploads/x.png" onerror="alert(1)',
  '/uploads/../../etc/passwd',
  '//evil.example/x.png',
  '"><script>alert(1)</script>',
  'https://ok.example/" onmouseover="alert(1)',
  'mailto:a@b.example',
  'https://example.org/a?b=c&d=e',
  '/uploads/ok-w800.png',
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 12 }));
const nodeType = fc.constantFrom(
  'doc', 'paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'blockquote', 'image', 'text', 'hardBreak',
  'script', 'iframe', 'style', 'html', 'codeBlock', 'onclick', '__proto__', 'constructor', 'toString', 'object', 'svg',
);
const markType = fc.constantFrom('bold', 'italic', 'link', 'code', 'script', 'onclick', 'textStyle', '__proto__');
const attrs = fc.dictionary(
  fc.constantFrom('href', 'src', 'alt', 'level', 'start', 'onclick', 'onerror', 'style', 'class', 'target', 'rel', 'srcdoc', 'dangerouslySetInnerHTML', '__proto__'),
  fc.oneof(hostileString, fc.integer({ min: -3, max: 7 }), fc.constant(null), fc.constant({ __html: '<script>alert(1)</script>' })),
  { maxKeys: 4 },
);
const mark = fc.record({ type: markType, attrs: fc.option(attrs, { nil: undefined }) }, { requiredKeys: ['type'] });
// Text never spells a dangerous scheme on its own, so finding one in the markup means an attribute let it through.
const safeText = fc.oneof(fc.constantFrom('<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'A & B', '"quoted"'), fc.string({ maxLength: 20 })).filter(
  (value) => !/javascript:|vbscript:|data:/i.test(value),
);

const { node: hostileNode } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ type: nodeType, text: fc.option(safeText, { nil: undefined }), marks: fc.option(fc.array(mark, { maxLength: 3 }), { nil: undefined }), attrs: fc.option(attrs, { nil: undefined }) }),
    fc.record({ type: nodeType, attrs: fc.option(attrs, { nil: undefined }), content: fc.array(tie('node'), { maxLength: 4 }) }),
    fc.constantFrom(null, 42, 'bare string', [], { type: 'text' }),
  ),
}));
const hostileDocument = fc.record({ type: fc.constant('doc'), content: fc.array(hostileNode, { maxLength: 6 }) });

function assertInert(markup: string) {
  expect(markup).not.toMatch(/<script/i);
  expect(markup).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(markup).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  const container = document.createElement('div');
  // Parsed (not attached, nothing runs) to look at every element and attribute.
  container.innerHTML = markup;
  for (const element of container.querySelectorAll('*')) {
    expect(ALLOWED_TAGS).toContain(element.tagName.toLowerCase());
    for (const attribute of element.attributes) {
      expect(attribute.name).not.toMatch(/^on/i);
      if (attribute.name === 'href') expect(ALLOWED_PROTOCOLS).toContain(new URL(attribute.value).protocol);
      if (attribute.name === 'src' || attribute.name === 'srcset') expect(attribute.value).toMatch(/^\/uploads\/[A-Za-z0-9]/);
    }
  }
}

describe('RichText with hostile documents', () => {
  it('renders any document inert: only allowed tags, no script, no javascript: address, no event handler', () => {
    fc.assert(
      fc.property(hostileDocument, (value) => {
        assertInert(markupOf(value));
      }),
      { seed: 24_2026, numRuns: 300 },
    );
  });

  it('renders a document nested far past the limit and a very long one without failing', () => {
    let deep: RichTextNode = paragraph(text('bottom'));
    for (let i = 0; i < 200; i += 1) deep = { type: 'blockquote', content: [deep] };
    const deepMarkup = markupOf(doc(deep));
    assertInert(deepMarkup);
    expect(deepMarkup).not.toContain('bottom');

    const many = doc(...Array.from({ length: 100_000 }, (_, i) => paragraph(text(`p${i}`))));
    const manyMarkup = markupOf(many);
    // The renderer's budget stops long before the 100,000th paragraph.
    expect(manyMarkup).toContain('p0');
    expect(manyMarkup).not.toContain('p99999');
  });
});
