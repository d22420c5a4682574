import { describe, expect, it } from '@jest/globals';
import { displayOrderField, editableFields, news, optionalText, richTextFromPlainText, text, type RichTextDocument } from '@consulting/model';
import { draftErrorsOf, draftInputFrom, emptyValuesOf, formFieldsOf, inputFrom, publishErrorsOf, schemaOf, valuesFrom } from './field-spec';

// The form rules are the content model's (the server checks with the same ones), so staff see the same message
// before sending that the server would give after.
const fields = formFieldsOf({
  name: text('Name', 100),
  description: optionalText('Description', 2000, { multiline: true }),
  displayOrder: displayOrderField,
});

async function errorsFor(values: Record<string, unknown>): Promise<string[]> {
  try {
    await schemaOf(fields).validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('form field rules', () => {
  it('accept a valid record, keeping tabs and line breaks in multi-line text', async () => {
    expect(await errorsFor({ name: 'Portugal', description: 'One\n\tTwo', displayOrder: 3 })).toEqual([]);
  });

  it('refuse control characters such as NUL with the server’s message', async () => {
    expect(await errorsFor({ name: 'Lis\u0000bon', description: 'Bell\u0007' })).toEqual([
      'Name contains characters that are not allowed',
      'Description contains characters that are not allowed',
    ]);
  });

  it('refuse hidden text-direction characters such as U+202E with the server’s message', async () => {
    expect(await errorsFor({ name: 'invoice\u202Efdp.exe', description: 'A \u2066B\u2069', displayOrder: 0 })).toEqual([
      'Name contains hidden text-direction characters (such as U+202E), which are not allowed',
      'Description contains hidden text-direction characters (such as U+202E), which are not allowed',
    ]);
    expect(await errorsFor({ name: 'الكويت', description: 'Right-to-left text itself is fine', displayOrder: 0 })).toEqual([]);
  });

  it('require required text and cap its length', async () => {
    expect(await errorsFor({ name: '   ' })).toEqual(['Name is required']);
    expect(await errorsFor({ name: 'x'.repeat(101) })).toEqual(['Name must be at most 100 characters']);
  });

  it('take whole numbers only for numeric fields', async () => {
    expect(await errorsFor({ name: 'x', displayOrder: 1.5 })).toEqual(['Display order must be a whole number']);
  });
});

describe('rich and slug fields', () => {
  // The news form as the admin builds it (type.page.path for the slug's preview).
  const newsFields = formFieldsOf(editableFields(news), { pagePath: news.page.path });
  const document = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Phase two' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'Rail', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }] }] },
    ],
  } as RichTextDocument;
  const base = { title: 'Opening', slug: '', pictureUrl: '/uploads/a.png', altText: '', brief: 'We opened.', content: document, link: '', featured: false, pageTitle: '', pageDescription: '', displayOrder: 0 };

  it('are kinds of their own, the page fields marked for their group', () => {
    const byName = Object.fromEntries(newsFields.map((f) => [f.name, f]));
    expect(byName.content?.kind).toBe('richText');
    expect(byName.slug?.kind).toBe('slug');
    expect(newsFields.filter((f) => f.pageField).map((f) => f.name)).toEqual(['slug', 'pageTitle', 'pageDescription']);
    expect(byName.slug?.pagePath).toBe('/news');
  });

  it('send the document as contentDocument, never the plain text under content', () => {
    const input = inputFrom(newsFields, base);
    expect(input.contentDocument).toEqual(document);
    expect(input).not.toHaveProperty('content');
    expect(input.slug).toBeNull(); // empty: made from the title by the server
    expect(inputFrom(newsFields, { ...base, content: null }).contentDocument).toBeNull();
    expect(draftInputFrom(newsFields, base).contentDocument).toEqual(document);
  });

  it("read a record's document, or its plain text as paragraphs when it has no document", () => {
    expect(valuesFrom(newsFields, { ...base, content: 'Phase two\n\nRail', contentDocument: document }).content).toEqual(document);
    expect(valuesFrom(newsFields, { ...base, content: 'One\n\nTwo', contentDocument: null }).content).toEqual(richTextFromPlainText('One\n\nTwo'));
    expect(valuesFrom(newsFields, { ...base, content: null, contentDocument: null }).content).toBeNull();
    expect(emptyValuesOf(newsFields).content).toBeNull();
  });

  it("check a document with the model's rule and message, and slugs with theirs", async () => {
    const hostile = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }] } as RichTextDocument;
    const errors = async (values: object) => {
      try {
        await schemaOf(newsFields).validate(values, { abortEarly: false });
        return [];
      } catch (error) {
        return (error as { errors: string[] }).errors;
      }
    };
    expect(await errors(base)).toEqual([]);
    expect(await errors({ ...base, content: null })).toEqual([]);
    expect(await errors({ ...base, content: hostile })).toEqual(['Links in content must be web addresses (http:// or https://) or email addresses (mailto:)']);
    expect(await errors({ ...base, slug: 'Not a slug' })).toEqual(['Slug may hold only lower-case letters, digits and single hyphens between words']);
    expect(publishErrorsOf(newsFields, { ...base, content: hostile })).toEqual({ content: 'Links in content must be web addresses (http:// or https://) or email addresses (mailto:)' });
    expect(draftErrorsOf(newsFields, { ...base, title: '', content: hostile })).toEqual({ content: 'Links in content must be web addresses (http:// or https://) or email addresses (mailto:)' });
  });
});
