import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { contentTypes, editableFields, news } from './index.js';
import {
  checkInput,
  choice,
  fieldMessage,
  flag,
  imageAddress,
  isImageAddress,
  isWebAddress,
  optionalText,
  parseValue,
  sentenceCase,
  text,
  webAddress,
  wholeNumber,
} from './fields.js';
import { CONTACT_ICONS, MAX_URL_LENGTH } from './constants.js';

// The field rules every surface shares: what each kind accepts, what it stores, what it says.

describe('text', () => {
  const title = text('Title', 10);

  it('stores the value trimmed, and refuses one over the limit after trimming', () => {
    expect(parseValue(title, '  Hello  ')).toEqual({ value: 'Hello' });
    expect(parseValue(title, `  ${'x'.repeat(10)}  `)).toEqual({ value: 'x'.repeat(10) });
    expect(parseValue(title, 'x'.repeat(11))).toEqual({ error: 'Title must be at most 10 characters' });
  });

  it('refuses what is not a string', () => {
    for (const raw of [1, true, {}, []]) expect(parseValue(title, raw)).toEqual({ error: 'Title must be text' });
  });

  it('refuses control characters and hidden text-direction characters, keeps tabs and line breaks', () => {
    expect(parseValue(title, 'a\u0000b')).toEqual({ error: 'Title contains characters that are not allowed' });
    expect(parseValue(title, 'a\u202Eb')).toEqual({
      error: 'Title contains hidden text-direction characters (such as U+202E), which are not allowed',
    });
    expect(parseValue(text('Body', 100, { multiline: true }), 'a\tb\nc\r\nd')).toEqual({ value: 'a\tb\nc\r\nd' });
  });

  it('is required: blank is the required message', () => {
    for (const raw of [undefined, null, '', '   ']) expect(fieldMessage(title, raw)).toBe('Title is required');
  });
});

describe('optional text', () => {
  const content = optionalText('Content', 20);

  it('stores null for empty on create, clears on update only when sent', () => {
    expect(checkInput({ content }, {}, 'create')).toEqual({ values: { content: null }, errors: [] });
    expect(checkInput({ content }, {}, 'update')).toEqual({ values: {}, errors: [] });
    expect(checkInput({ content }, { content: '' }, 'update')).toEqual({ values: { content: null }, errors: [] });
    expect(checkInput({ content }, { content: null }, 'update')).toEqual({ values: { content: null }, errors: [] });
  });
});

describe('web and image addresses', () => {
  it('accept http and https addresses with a host only', () => {
    expect(isWebAddress('https://example.com/a?b=c')).toBe(true);
    expect(isWebAddress('HTTP://EXAMPLE.COM')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://example.com', '//example.com', 'https://', 'example.com', 'data:text/html,x']) {
      expect(isWebAddress(bad)).toBe(false);
    }
  });

  it('an image address is also an uploaded path, and nothing that walks out of /uploads', () => {
    expect(isImageAddress('/uploads/a1b2.webp')).toBe(true);
    for (const bad of ['/uploads/../secrets.json', '/uploads/', '/uploads/.hidden', '/other/a.png', 'uploads/a.png']) {
      expect(isImageAddress(bad)).toBe(false);
    }
  });

  it('say what is wrong in the field\'s own words', () => {
    expect(parseValue(webAddress('Link'), 'example.com')).toEqual({ error: 'Link must be a web address starting with http:// or https://' });
    expect(parseValue(imageAddress('Logo'), 'logo.png')).toEqual({
      error: 'Logo must be an uploaded image or a web address starting with http:// or https://',
    });
    expect(fieldMessage(imageAddress('Picture', { upload: true }), '')).toBe('Picture is required: upload an image');
  });

  it('are at most MAX_URL_LENGTH characters', () => {
    const long = `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`;
    expect(parseValue(webAddress('Link'), long)).toEqual({ error: `Link must be at most ${MAX_URL_LENGTH} characters` });
  });
});

describe('whole numbers', () => {
  const order = wholeNumber('Display Order', { min: -5, max: 5 });

  it('accept numbers and numeric strings within the range', () => {
    expect(parseValue(order, 3)).toEqual({ value: 3 });
    expect(parseValue(order, ' -5 ')).toEqual({ value: -5 });
    expect(parseValue(order, '+2')).toEqual({ value: 2 });
  });

  it('refuse fractions, other text and values out of range', () => {
    expect(parseValue(order, 1.5)).toEqual({ error: 'Display order must be a whole number' });
    expect(parseValue(order, '1e3')).toEqual({ error: 'Display order must be a whole number' });
    expect(parseValue(order, Number.NaN)).toEqual({ error: 'Display order must be a whole number' });
    expect(parseValue(order, 6)).toEqual({ error: 'Display order must be at most 5' });
    expect(parseValue(order, '-6')).toEqual({ error: 'Display order must be at least -5' });
  });
});

describe('flags and choices', () => {
  it('a flag is true or false, off unless given', () => {
    const featured = flag('Featured');
    expect(parseValue(featured, 'true')).toEqual({ error: 'Featured must be true or false' });
    expect(checkInput({ featured }, {}, 'create').values).toEqual({ featured: false });
  });

  it('a choice is one of its values (trimmed), its fallback unless given', () => {
    const icon = choice('Icon', CONTACT_ICONS, 'Mail');
    expect(parseValue(icon, ' Phone ')).toEqual({ value: 'Phone' });
    expect(parseValue(icon, 'phone')).toEqual({ error: 'Icon must be one of Mail, Phone, MapPin, Globe' });
    expect(checkInput({ icon }, {}, 'create').values).toEqual({ icon: 'Mail' });
  });
});

describe('checkInput', () => {
  it('reports every bad field at once, ignores unknown fields', () => {
    const { values, errors } = checkInput(editableFields(news), { title: '', link: 'nope', featured: 'yes', extra: 1 }, 'create');
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'Title is required' },
        { field: 'link', message: 'Link must be a web address starting with http:// or https://' },
        { field: 'featured', message: 'Featured must be true or false' },
      ]),
    );
    expect(values).not.toHaveProperty('extra');
  });

  it('never throws, whatever the input, and every message names its field', () => {
    for (const type of contentTypes) {
      const fields = editableFields(type);
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...Object.keys(fields), 'other'), fc.anything()), (input) => {
          const { errors } = checkInput(fields, input, 'create');
          for (const error of errors) expect(Object.keys(fields)).toContain(error.field);
        }),
        { seed: 20261124, numRuns: 200 },
      );
    }
  });
});

describe('the declarations', () => {
  it('name their types consistently', () => {
    for (const type of contentTypes) {
      expect(type.table).toBe(type.restPath.replace(/-/g, '_'));
      expect(type.queryField).toMatch(/^[a-z][A-Za-z]*$/);
      expect(type.typeName).toMatch(/^[A-Z][A-Za-z]*$/);
      for (const [name, f] of Object.entries(type.fields)) {
        expect(name).toMatch(/^[a-z][A-Za-z]*$/);
        expect(f.messageName.length).toBeGreaterThan(0);
        if (f.kind === 'text' || f.kind === 'webAddress' || f.kind === 'imageAddress') expect(f.maxLength).toBeGreaterThan(0);
      }
    }
  });

  it('sentenceCase keeps acronyms', () => {
    expect(sentenceCase('Flag Image URL')).toBe('Flag image URL');
    expect(sentenceCase('Picture Alt Text')).toBe('Picture alt text');
  });
});
