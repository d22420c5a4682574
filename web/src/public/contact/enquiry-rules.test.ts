import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ValidationError } from 'yup';
import { checkInput, ENQUIRY_SERVICES, enquiryForm } from '@consulting/model';
import { enquiryInputOf, enquirySchema, type EnquiryValues } from './enquiry-rules';

// The browser (the form's yup schema) and the server (the model's checkInput, which the API's intake
// service runs on every submission) refuse the same form values with the same messages.

async function browserErrors(values: EnquiryValues): Promise<Record<string, string>> {
  try {
    await enquirySchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((e) => [e.path ?? '', e.message]));
  }
}

function serverErrors(values: EnquiryValues): Record<string, string> {
  const { errors } = checkInput(enquiryForm.fields, enquiryInputOf(values), 'create');
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}

const CONTROL = ['\u0000', '\u0007', '\u001b', '\u007f'];
const BIDI = ['\u202E', '\u2066', '\u200F'];

function text(valid: string, max: number): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant(valid), weight: 5 },
    fc.string({ maxLength: 30 }),
    fc.constantFrom('', '   ', '\t\n'),
    fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL, ...BIDI)).map(([t, c]) => `${t}${c}x`),
    fc.integer({ min: max - 2, max: max + 2 }).map((n) => 'x'.repeat(n)),
    fc.integer({ min: max - 2, max: max + 2 }).map((n) => ` ${'y'.repeat(n)} `),
  );
}

const email = fc.oneof(
  { arbitrary: fc.constantFrom('ada@example.com', 'a.b+c@sub.example.org', ' ada@example.com '), weight: 4 },
  fc.constantFrom('ada@', '@example.com', 'ada@example', 'ada example@x.com', 'ada@@example.com', '.ada@example.com', 'ada..b@example.com', 'ada@-x.com', 'ada@example.c'),
  fc.emailAddress(),
  fc.string({ maxLength: 20 }),
  fc.integer({ min: 60, max: 70 }).map((n) => `${'a'.repeat(n)}@example.com`),
  fc.integer({ min: 240, max: 260 }).map((n) => `a@${'b'.repeat(n - 6)}.com`),
);

const values: fc.Arbitrary<EnquiryValues> = fc.record({
  name: text('Ada Lovelace', 200),
  email,
  organisation: fc.oneof(fc.constant(''), text('Engines Ltd', 200)),
  service: fc.oneof({ arbitrary: fc.constantFrom(...ENQUIRY_SERVICES.map((s) => s.value)), weight: 4 }, fc.constantFrom('', 'Innovation Management', 'other '), fc.string({ maxLength: 8 })),
  message: text('A proposal, please.', 5000),
  consent: fc.boolean(),
});

describe('the enquiry form and the server agree', () => {
  it('on every generated form (same fields refused, same messages)', async () => {
    await fc.assert(
      fc.asyncProperty(values, async (form) => {
        expect(await browserErrors(form)).toEqual(serverErrors(form));
      }),
      { seed: 27, numRuns: 400 },
    );
  });

  it('on a form the visitor filled well, and on an empty one', async () => {
    const good: EnquiryValues = { name: 'Ada', email: 'ada@example.com', organisation: '', service: 'other', message: 'Hello', consent: true };
    expect(await browserErrors(good)).toEqual({});
    expect(serverErrors(good)).toEqual({});
    const empty: EnquiryValues = { name: '', email: '', organisation: '', service: '', message: '', consent: false };
    const expected = {
      name: 'Name is required',
      email: 'Email is required',
      service: 'Service is required',
      message: 'Message is required',
      consent: 'Please agree to our use of your details so we can answer you',
    };
    expect(await browserErrors(empty)).toEqual(expected);
    expect(serverErrors(empty)).toEqual(expected);
  });
});
