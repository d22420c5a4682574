import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ENQUIRY_SERVICES, enquiryForm, enquiryServiceLabel } from './enquiry-form.js';
import { checkInput, fieldMessage, isEmailAddress } from './field-rules.js';

// The enquiry form's one declaration: what the site's form and the API's intake both accept.

const { fields } = enquiryForm;
const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  organisation: '',
  service: 'innovation-management',
  message: 'We would like a proposal.',
  consent: true,
};

describe('the enquiry form', () => {
  it('accepts a complete enquiry, trimmed, with an empty organisation stored as null', () => {
    const { values, errors } = checkInput(fields, { ...valid, name: '  Ada Lovelace ' }, 'create');
    expect(errors).toEqual([]);
    expect(values).toEqual({ ...valid, organisation: null });
  });

  it('names every missing required field, and the consent box must be ticked', () => {
    const { errors } = checkInput(fields, { consent: false }, 'create');
    expect(errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Email is required' },
      { field: 'service', message: 'Service is required' },
      { field: 'message', message: 'Message is required' },
      { field: 'consent', message: 'Please agree to our use of your details so we can answer you' },
    ]);
    expect(fieldMessage(fields.consent, true)).toBeNull();
    expect(fieldMessage(fields.consent, 'yes')).toBe('Consent must be true or false');
  });

  it('holds the lengths: name and organisation 200, email 254, message 5000', () => {
    expect(fieldMessage(fields.name, 'x'.repeat(200))).toBeNull();
    expect(fieldMessage(fields.name, 'x'.repeat(201))).toBe('Name must be at most 200 characters');
    expect(fieldMessage(fields.organisation, 'x'.repeat(201))).toBe('Organisation must be at most 200 characters');
    expect(fieldMessage(fields.message, 'x'.repeat(5000))).toBeNull();
    expect(fieldMessage(fields.message, 'x'.repeat(5001))).toBe('Message must be at most 5000 characters');
    expect(fieldMessage(fields.email, `${'a'.repeat(64)}@${'b'.repeat(185)}.com`)).toBeNull();
    expect(fieldMessage(fields.email, `${'a'.repeat(64)}@${'b'.repeat(186)}.com`)).toBe('Email must be at most 254 characters');
  });

  it('takes an email address as people type one, and refuses what is not one', () => {
    for (const good of ['a@b.co', 'first.last+tag@mail.example.org', 'ü@bücher.de']) expect(isEmailAddress(good)).toBe(true);
    for (const bad of ['', 'a', 'a@b', '@b.com', 'a@.com', 'a b@c.com', 'a@b.c', 'a@@b.com', '.a@b.com', 'a..b@c.com', 'a@b..com', '<a@b.com>', `${'a'.repeat(65)}@b.com`]) {
      expect(isEmailAddress(bad)).toBe(false);
    }
    expect(fieldMessage(fields.email, 'not an address')).toBe('Email must be an email address such as name@example.com');
  });

  it('offers the six services of the landing and "Something else", and refuses any other value', () => {
    expect(ENQUIRY_SERVICES).toHaveLength(7);
    expect(ENQUIRY_SERVICES.at(-1)).toEqual({ value: 'other', label: 'Something else' });
    expect(enquiryServiceLabel('technology-ai')).toBe('Technology & AI Solutions');
    expect(fieldMessage(fields.service, 'gardening')).toMatch(/^Service must be one of strategic-planning, /);
  });

  it('refuses control and hidden text-direction characters but keeps line breaks in the message', () => {
    expect(fieldMessage(fields.message, 'line one\nline two')).toBeNull();
    expect(fieldMessage(fields.name, 'a\u202Eb')).toMatch(/hidden text-direction characters/);
    expect(fieldMessage(fields.message, 'a\u0000b')).toBe('Message contains characters that are not allowed');
  });

  it('answers any input with values or field errors, never throwing (fast-check)', () => {
    const anything = fc.oneof(fc.string({ maxLength: 300 }), fc.boolean(), fc.integer(), fc.constant(null), fc.constant(undefined), fc.object({ maxDepth: 1 }));
    fc.assert(
      fc.property(fc.record({ name: anything, email: anything, organisation: anything, service: anything, message: anything, consent: anything }), (input) => {
        const { values, errors } = checkInput(fields, input, 'create');
        for (const e of errors) expect(Object.keys(fields)).toContain(e.field);
        if (errors.length === 0) expect(values.consent).toBe(true);
      }),
      { seed: 27, numRuns: 300 },
    );
  });
});
