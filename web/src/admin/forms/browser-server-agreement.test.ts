import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ValidationError } from 'yup';
import { contentTypes, editableFields, type ContentType } from '@consulting/model';
import { validateInput } from '../../../../api/src/content/fields';
import { ValidationFailed } from '../../../../api/src/shared/errors';
import { formFieldsOf, inputFrom, schemaOf, type FieldSpec, type FormValues } from './field-spec';

// The browser (the admin form's yup schema) and the server (the API's input validation) must
// refuse the same form values with the same messages. Both are derived from the content model;
// this property generates hostile and ordinary values for every field of every content type.

const CONTROL = ['\u0000', '\u0007', '\u001b', '\u007f'];
/** Bidirectional controls: "invoice\u202Efdp.exe" shows as "invoiceexe.pdf". */
const BIDI = ['\u202A', '\u202E', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C'];

function textValues(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('', '   ', '\t\n', 'https://example.com/a.png', 'http://example.com', '/uploads/photo-1.png'),
    fc.constantFrom('javascript:alert(1)', 'ftp://example.com/a.png', '/uploads/../secrets.json', '//evil.example.com', 'https://'),
    fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...CONTROL)).map(([text, c]) => `${text}${c}x`),
    fc.tuple(fc.constantFrom('Plain text', 'https://example.com/a', '/uploads/photo'), fc.constantFrom(...BIDI)).map(([text, c]) => `${text}${c}gnp.exe`),
    fc.integer({ min: max - 2, max: max + 2 }).map((n) => 'x'.repeat(Math.max(0, n))),
    fc.integer({ min: max - 30, max: max + 2 }).map((n) => `https://example.com/${'a'.repeat(Math.max(0, n))}`),
  );
}

function valueFor(field: FieldSpec): fc.Arbitrary<FormValue> {
  switch (field.kind) {
    case 'checkbox':
      return fc.boolean();
    case 'integer':
      return fc.oneof(
        { arbitrary: fc.integer({ min: 0, max: 1000 }), weight: 6 },
        fc.integer(),
        fc.integer({ min: -1_000_002, max: 1_000_002 }),
        fc.constantFrom<FormValue>('', -1, 0, 1_000_000_001, 1.5),
        fc.double({ noNaN: false }),
      );
    case 'select':
      return fc.oneof(fc.constantFrom(...(field.options ?? []).map((o) => o.value)), fc.string({ maxLength: 8 }));
    case 'richText':
      // The editor's documents: mostly allowed, else what the allowlist refuses.
      return fc.oneof({ arbitrary: fc.constantFrom<FormValue>(null, DOCUMENTS.allowed), weight: 6 }, { arbitrary: fc.constantFrom<FormValue>(...DOCUMENTS.refused), weight: 2 });
    case 'slug':
      return fc.oneof({ arbitrary: fc.constantFrom('', 'opening-in-muscat', 'q3-2026'), weight: 6 }, { arbitrary: fc.constantFrom('Not A Slug', 'page', 'a--b', '-a', 'ü'), weight: 1 }, { arbitrary: textValues(field.model.maxLength ?? 100), weight: 1 });
    default: {
      // Mostly a valid value, so whole records are accepted too, else anything.
      const valid = field.kind === 'text' || field.kind === 'textarea' ? 'Plain text' : 'https://example.com/a.png';
      return fc.oneof({ arbitrary: fc.constant(valid), weight: 6 }, { arbitrary: textValues(field.model.maxLength ?? 2048), weight: 1 });
    }
  }
}

type FormValue = FormValues[string];

const paragraph = (text: string, marks?: object[]) => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks && { marks }) }] });
const doc = (...content: object[]) => ({ type: 'doc', content }) as FormValue;
const DOCUMENTS = {
  allowed: doc(
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Phase two' }] },
    paragraph('See the plan', [{ type: 'link', attrs: { href: 'https://example.com/plan' } }]),
    { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph('Rail')] }] },
    { type: 'image', attrs: { src: '/uploads/rail.png', alt: 'A train' } },
  ),
  refused: [
    doc(paragraph('Click', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])),
    doc({ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Title' }] }),
    doc({ type: 'image', attrs: { src: 'https://evil.example.com/a.png', alt: 'x' } }),
    doc({ type: 'image', attrs: { src: '/uploads/a.png', alt: '' } }),
    doc({ type: 'codeBlock', content: [{ type: 'text', text: 'rm -rf' }] }),
    doc(paragraph('Bidi \u202Egnp.exe')),
  ],
};

async function browserErrors(fields: FieldSpec[], values: FormValues): Promise<Record<string, string>> {
  try {
    await schemaOf(fields).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const result: Record<string, string> = {};
    for (const inner of error.inner) if (inner.path && !(inner.path in result)) result[inner.path] = inner.message;
    return result;
  }
}

function serverErrors(type: ContentType, input: Record<string, unknown>): Record<string, string> {
  try {
    validateInput(editableFields(type), input, 'create');
    return {};
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    return Object.fromEntries(error.errors.map((e) => [e.field, e.message]));
  }
}

describe.each(contentTypes.map((type) => [type.typeName, type] as const))('%s form and API', (_name, type) => {
  const fields = formFieldsOf(editableFields(type));
  const values = fc.record(Object.fromEntries(fields.map((f) => [f.name, valueFor(f)])) as Record<string, fc.Arbitrary<FormValue>>);

  it('refuse the same values with the same messages', async () => {
    let refused = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(values, async (formValues) => {
        const browser = await browserErrors(fields, formValues);
        const server = serverErrors(type, inputFrom(fields, formValues));
        expect(browser).toEqual(server);
        if (Object.keys(server).length > 0) refused += 1;
        else accepted += 1;
      }),
      { seed: 20261123, numRuns: 300 },
    );
    // The generator reaches both outcomes, so the comparison is not vacuous.
    expect(refused).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(0);
  });
});
