import { describe, expect, it } from '@jest/globals';
import { displayOrderField, optionalText, text } from '@consulting/model';
import { formFieldsOf, schemaOf } from './field-spec';

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
