import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  checkRichText,
  inJsonbOrder,
  plainTextOf,
  richTextElements,
  richTextFromPlainText,
  richTextHtml,
  RICH_TEXT_LIMITS,
  type RichChild,
  type RichTextDocument,
} from './rich-text/index.js';
import { checkInput, news } from './index.js';

// Rich text: the allowlist check, the one renderer, and plain text both ways. Hostile documents
// are refused by the check, and render inert even when they never went through it.

const doc = (...content: unknown[]) => ({ type: 'doc', content }) as RichTextDocument;
const p = (...content: unknown[]) => ({ type: 'paragraph', content });
const t = (text: string, marks?: unknown[]) => ({ type: 'text', text, ...(marks && { marks }) });

const ALLOWED_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'br', 'img']);

function everyElement(children: RichChild[], visit: (element: Exclude<RichChild, string>) => void): void {
  for (const child of children) {
    if (typeof child === 'string') continue;
    visit(child);
    everyElement(child.children ?? [], visit);
  }
}

describe('checkRichText', () => {
  it('keeps the allowed nodes, marks and attributes and drops the attributes the site does not use', () => {
    const checked = checkRichText(
      'Content',
      doc(
        { type: 'heading', attrs: { level: 2, id: 'x' }, content: [t('Title')] },
        p(t('bold link', [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://example.com', target: '_blank', class: 'x' } }])),
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('one'))] }] },
        { type: 'orderedList', attrs: { start: 3, type: null }, content: [{ type: 'listItem', content: [p(t('three'))] }] },
        { type: 'blockquote', content: [p(t('quoted'))] },
        { type: 'image', attrs: { src: '/uploads/a.png', alt: ' A chart ', title: 'x', width: 3 } },
      ),
    );
    expect(checked).toEqual({
      value: doc(
        { type: 'heading', attrs: { level: 2 }, content: [t('Title')] },
        p(t('bold link', [{ type: 'link', attrs: { href: 'https://example.com' } }, { type: 'bold' }])),
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('one'))] }] },
        { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [p(t('three'))] }] },
        { type: 'blockquote', content: [p(t('quoted'))] },
        { type: 'image', attrs: { src: '/uploads/a.png', alt: 'A chart' } },
      ),
    });
  });

  it.each([
    ['a script node', doc({ type: 'script', content: [t('alert(1)')] }), 'Content has an element that is not allowed (script)'],
    ['a javascript: link', doc(p(t('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))), 'Links in content must be web addresses (http:// or https://) or email addresses (mailto:)'],
    ['a data: link', doc(p(t('x', [{ type: 'link', attrs: { href: 'data:text/html,<script>' } }]))), 'Links in content must be web addresses (http:// or https://) or email addresses (mailto:)'],
    ['an unknown mark', doc(p(t('x', [{ type: 'code' }]))), 'Content has formatting that is not allowed (code)'],
    ['an h1', doc({ type: 'heading', attrs: { level: 1 }, content: [t('x')] }), 'Headings in content must be of level 2, 3 or 4'],
    ['a picture from elsewhere', doc({ type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'x' } }), 'Images in content must be pictures uploaded to this site'],
    ['a picture without alt text', doc({ type: 'image', attrs: { src: '/uploads/a.png' } }), 'Images in content need alt text'],
    ['a list item outside a list', doc({ type: 'listItem', content: [p(t('x'))] }), 'Content has a listItem where it cannot be'],
    ['an empty list', doc({ type: 'bulletList', content: [] }), 'Content has an empty bulletList'],
    ['text with a NUL', doc(p(t('a\u0000b'))), 'Content contains characters that are not allowed'],
    ['raw HTML as a string', '<p onclick="x">hi</p>', null],
    ['not a document', { type: 'paragraph' }, 'Content must be a rich-text document ({ "type": "doc", "content": [...] })'],
  ])('refuses %s', (_name, raw, message) => {
    const checked = checkRichText('Content', raw);
    expect('error' in checked).toBe(true);
    if (message) expect(checked).toEqual({ error: message });
  });

  it('refuses deep nesting and 100,000 nodes with a message, whatever the stack', () => {
    let deep: unknown = p(t('x'));
    for (let i = 0; i < 10_000; i += 1) deep = { type: 'blockquote', content: [deep] };
    expect(checkRichText('Content', doc(deep))).toEqual({ error: 'Content is nested too deeply' });
    const many = doc(...Array.from({ length: 100_000 }, () => p(t('x'))));
    expect(checkRichText('Content', many)).toEqual({ error: 'Content is too long: at most 5,000 elements' });
    const long = doc(p(t('x'.repeat(RICH_TEXT_LIMITS.maxTextLength + 1))));
    expect(checkRichText('Content', long)).toEqual({ error: `Content must be at most ${RICH_TEXT_LIMITS.maxTextLength} characters` });
  });

  it('takes a document with no text and no picture as empty', () => {
    expect(checkRichText('Content', doc())).toEqual({ value: null });
    expect(checkRichText('Content', doc(p(), p(t('   '))))).toEqual({ value: null });
  });

  it('returns documents in jsonb key order, so one stored and read back compares equal', () => {
    const { value } = checkRichText('Content', doc(p(t('x', [{ type: 'bold' }])))) as { value: RichTextDocument };
    expect(JSON.stringify(value)).toBe(JSON.stringify(inJsonbOrder(JSON.parse(JSON.stringify(value)))));
    expect(Object.keys(value.content[0].content![0])).toEqual(['text', 'type', 'marks']);
  });
});

/** Any JSON a client could send, biased towards document-like shapes with hostile values. */
const hostileValue = fc.oneof(
  fc.constantFrom('javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x', '<script>alert(1)</script>', '" onload="x', '/uploads/../x', 'https://ok.example/'),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const hostileMark = fc.record({ type: fc.constantFrom('bold', 'italic', 'link', 'link', 'code', 'script'), attrs: fc.record({ href: hostileValue }) });
const hostileNode: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    // Text with marks, links above all: where an address gets into the markup.
    fc.record({ type: fc.constant('text'), text: fc.string({ minLength: 1, maxLength: 8 }), marks: fc.array(hostileMark, { minLength: 1, maxLength: 3 }) }),
    fc.record({ type: fc.constant('image'), attrs: fc.record({ src: hostileValue, alt: hostileValue }) }),
    fc.record(
      {
        type: fc.constantFrom('doc', 'paragraph', 'heading', 'text', 'script', 'iframe', 'image', 'link', 'bulletList', 'listItem', 'blockquote', 'hardBreak', 'html', 'style'),
        text: hostileValue,
        attrs: fc.dictionary(fc.constantFrom('href', 'src', 'alt', 'level', 'onclick', 'style', 'start', 'class'), hostileValue, { maxKeys: 3 }),
        marks: fc.array(hostileMark, { maxLength: 3 }),
        content: fc.array(tie('node'), { maxLength: 4 }),
      },
      { requiredKeys: ['type'] },
    ),
    hostileValue,
  ),
})).node;

describe('hostile documents (fast-check, seeded)', () => {
  it('are refused with a message or come back within the allowlist, and render inert either way', () => {
    fc.assert(
      fc.property(hostileNode, (content) => {
        const raw = { type: 'doc', content: Array.isArray(content) ? content : [content] };
        const checked = checkRichText('Content', raw);
        expect('error' in checked ? typeof checked.error : 'value').toMatch(/^(string|value)$/);
        // The renderer is safe on its own: given the raw document, never checked.
        for (const candidate of [raw, 'value' in checked ? checked.value : null]) {
          everyElement(richTextElements(candidate as RichTextDocument), (element) => {
            expect(ALLOWED_TAGS.has(element.tag)).toBe(true);
            for (const [name, value] of Object.entries(element.attrs ?? {})) {
              expect(['href', 'src', 'alt', 'rel', 'target', 'start']).toContain(name);
              if (name === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:)/i);
              if (name === 'src') expect(value).toMatch(/^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/);
            }
          });
          const html = richTextHtml(candidate as RichTextDocument);
          expect(html).not.toMatch(/<(?!\/?(p|h2|h3|h4|strong|em|a|ul|ol|li|blockquote|br|img)[\s>])/i);
          expect(html).not.toMatch(/javascript:|\son\w+=/i);
        }
      }),
      { seed: 24, numRuns: 600 },
    );
  });
});

describe('plain text', () => {
  it('becomes paragraphs and comes back the same, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', 'é', '<', '&') , maxLength: 60 }), (text) => {
        const document = richTextFromPlainText(text);
        if (text.trim() === '') expect(document).toBeNull();
        else expect(plainTextOf(document)).toBe(text);
      }),
      { seed: 24, numRuns: 500 },
    );
  });

  it('is what a rich field stores beside its document; the document wins over plain text', () => {
    const fields = { content: news.fields.content };
    const given = doc(p(t('From the document')));
    expect(checkInput(fields, { content: 'ignored', contentDocument: given }, 'create').values).toEqual({
      content: 'From the document',
      contentDocument: given,
    });
    expect(checkInput(fields, { content: 'One\n\nTwo' }, 'create').values).toEqual({
      content: 'One\n\nTwo',
      contentDocument: doc(p(t('One')), p(t('Two'))),
    });
    expect(checkInput(fields, {}, 'update').values).toEqual({});
    expect(checkInput(fields, { contentDocument: null }, 'update').values).toEqual({ content: null, contentDocument: null });
    expect(checkInput(fields, { contentDocument: doc({ type: 'script' }) }, 'create').errors).toEqual([
      { field: 'content', message: 'Content has an element that is not allowed (script)' },
    ]);
  });

  it('lists and quotes read as text in the plain-text field', () => {
    const document = checkRichText(
      'Content',
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [t('Plan')] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(t('one'))] }, { type: 'listItem', content: [p(t('two'))] }] },
        { type: 'orderedList', attrs: { start: 2 }, content: [{ type: 'listItem', content: [p(t('second'))] }] },
      ),
    ) as { value: RichTextDocument };
    expect(plainTextOf(document.value)).toBe('Plan\n\n- one\n- two\n\n2. second');
  });
});

describe('rendering', () => {
  it('gives external links a new tab without access to the page, and mail links neither', () => {
    const html = richTextHtml(doc(p(t('site', [{ type: 'link', attrs: { href: 'https://example.com/a?b=1&c=2' } }]), t(' and '), t('mail', [{ type: 'link', attrs: { href: 'mailto:a@example.com' } }]))));
    expect(html).toBe('<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener" target="_blank">site</a> and <a href="mailto:a@example.com">mail</a></p>');
  });

  it('renders nothing for node types named like built-in properties (constructor, __proto__, toString)', () => {
    const raw = JSON.parse('{"type":"doc","content":[{"type":"constructor","content":[{"type":"text","text":"a"}]},{"type":"__proto__"},{"type":"toString"},{"type":"hasOwnProperty","content":[]}]}');
    expect(richTextHtml(raw)).toBe('');
    expect(richTextElements(raw)).toEqual([]);
  });

  it('makes pictures absolute for markup read elsewhere (the feed)', () => {
    expect(richTextHtml(doc({ type: 'image', attrs: { src: '/uploads/a.png', alt: 'A "chart"' } }), { origin: 'https://firm.example' })).toBe(
      '<img src="https://firm.example/uploads/a.png" alt="A &quot;chart&quot;" loading="lazy">',
    );
  });
});
