import { BIDI_CONTROL_CHARACTERS, FORBIDDEN_CONTROL_CHARACTERS, MAX_URL_LENGTH, RESERVED_SLUGS, SLUG_PATTERN, UPLOAD_PATH } from './constants.js';
import type { Field } from './fields.js';
import { checkRichText } from './rich-text/check.js';
import { documentKey } from './rich-text/document.js';
import { plainTextOf, richTextFromPlainText } from './rich-text/plain-text.js';

// How each field kind checks a value and what it says when the value is wrong. The API validates
// requests with these; the admin forms derive their yup rules from the same functions, so both
// refuse the same input with the same message.

export type Parsed = { value: unknown } | { error: string };

/**
 * The values a rich field stores from raw input, or its message: the document given as
 * `<name>Document`, else the plain text given as `<name>` made into paragraphs. Both keys are set
 * (the plain text and the document; null when empty); undefined when the input names neither.
 */
function richTextValues(key: string, f: Field, input: Readonly<Record<string, unknown>>): { values: Record<string, unknown> } | { error: string } | undefined {
  const docKey = documentKey(key);
  const doc = input[docKey];
  const given = doc !== undefined && doc !== null ? doc : input[key];
  if (given === undefined && doc === undefined) return undefined;
  if (isEmpty(given)) return { values: { [key]: null, [docKey]: null } };
  const parsed = parseValue(f, given);
  if ('error' in parsed) return parsed;
  const document = parsed.value as Parameters<typeof plainTextOf>[0];
  return { values: { [key]: document ? plainTextOf(document) : null, [docKey]: document ?? null } };
}

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * An email address as people type one: a local part of at most 64 characters, `@`, a domain with a
 * dot; no spaces, no characters that would need quoting. Deliberately simple: the answer goes to
 * whatever address is given, so a strict grammar would only refuse real ones.
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const match = /^([^\s@<>()[\]\\,;:"]+)@([^\s@<>()[\]\\,;:"_]+\.[^\s@<>()[\]\\,;:"_.]{2,})$/u.exec(value);
  if (!match) return false;
  const [, local, domain] = match as unknown as [string, string, string];
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..') && !domain.includes('..') && !domain.startsWith('.') && !domain.startsWith('-');
}

export function isImageAddress(value: string): boolean {
  return isWebAddress(value) || UPLOAD_PATH.test(value);
}

/**
 * The message for text holding characters no text accepts (control characters, bidirectional
 * controls), or null. Every text field checks with it; so do usernames (the API's auth service).
 */
export function forbiddenCharactersMessage(name: string, value: string): string | null {
  if (FORBIDDEN_CONTROL_CHARACTERS.test(value)) return `${name} contains characters that are not allowed`;
  if (BIDI_CONTROL_CHARACTERS.test(value)) return bidiControlsMessage(name);
  return null;
}

/** What is said of text holding bidirectional control characters (BIDI_CONTROL_CHARACTERS). */
export function bidiControlsMessage(name: string): string {
  return `${name} contains hidden text-direction characters (such as U+202E), which are not allowed`;
}

function parseText(name: string, raw: unknown, max: number): Parsed {
  if (typeof raw !== 'string') return { error: `${name} must be text` };
  const value = raw.trim();
  if (value.length > max) return { error: `${name} must be at most ${max} characters` };
  const forbidden = forbiddenCharactersMessage(name, value);
  if (forbidden) return { error: forbidden };
  return { value };
}

/** A choice's values a message lists in full, up to this many. */
const CHOICES_LISTED = 30;

/** Checks a present, non-empty value; returns the value to store or the message. */
export function parseValue(f: Field, raw: unknown): Parsed {
  const name = f.messageName;
  switch (f.kind) {
    case 'text': {
      const parsed = parseText(name, raw, f.maxLength ?? MAX_URL_LENGTH);
      if ('error' in parsed || f.format !== 'email') return parsed;
      return isEmailAddress(parsed.value as string) ? parsed : { error: `${name} must be an email address such as name@example.com` };
    }
    case 'webAddress': {
      const parsed = parseText(name, raw, f.maxLength ?? MAX_URL_LENGTH);
      if ('error' in parsed) return parsed;
      return isWebAddress(parsed.value as string) ? parsed : { error: `${name} must be a web address starting with http:// or https://` };
    }
    case 'imageAddress': {
      const parsed = parseText(name, raw, f.maxLength ?? MAX_URL_LENGTH);
      if ('error' in parsed) return parsed;
      return isImageAddress(parsed.value as string)
        ? parsed
        : { error: `${name} must be an uploaded image or a web address starting with http:// or https://` };
    }
    case 'wholeNumber': {
      let value: number;
      if (typeof raw === 'number') value = raw;
      else if (typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw)) value = Number(raw);
      else return { error: `${name} must be a whole number` };
      if (!Number.isInteger(value)) return { error: `${name} must be a whole number` };
      if (f.min !== undefined && value < f.min) return { error: `${name} must be at least ${f.min}` };
      if (f.max !== undefined && value > f.max) return { error: `${name} must be at most ${f.max}` };
      return { value };
    }
    case 'flag':
      if (typeof raw !== 'boolean') return { error: `${name} must be true or false` };
      // A required flag must be on (a consent box); an optional one may be either.
      return f.required && !raw ? { error: requiredMessage(f) } : { value: raw };
    case 'choice': {
      const value = typeof raw === 'string' ? raw.trim() : raw;
      const allowed = (f.options ?? []).map((o) => o.value);
      if (typeof value === 'string' && allowed.includes(value)) return { value };
      // A long list (time zones) is not recited: its kind and a few examples say enough.
      return allowed.length <= CHOICES_LISTED
        ? { error: `${name} must be one of ${allowed.join(', ')}` }
        : { error: `${name} must be one of its ${allowed.length} allowed values, such as ${allowed.slice(0, 3).join(', ')}` };
    }
    case 'slug': {
      const parsed = parseText(name, raw, f.maxLength ?? MAX_URL_LENGTH);
      if ('error' in parsed) return parsed;
      const value = parsed.value as string;
      if (!SLUG_PATTERN.test(value)) return { error: `${name} may hold only lower-case letters, digits and single hyphens between words` };
      if (RESERVED_SLUGS.includes(value) || f.reserved?.includes(value)) return { error: `${name} cannot be "${value}": the site uses that address` };
      return { value };
    }
    case 'richText': {
      // A document (checked against the allowlist), or plain text made into paragraphs.
      if (typeof raw === 'string') {
        const parsed = parseText(name, raw, f.maxLength ?? MAX_URL_LENGTH);
        return 'error' in parsed ? parsed : { value: richTextFromPlainText(parsed.value as string) };
      }
      return checkRichText(name, raw);
    }
  }
}

/** The message for a missing required value. */
export function requiredMessage(f: Field): string {
  return f.requiredMessage ?? `${f.messageName} is required`;
}

/** What an empty optional field stores. */
export function emptyValue(f: Field): unknown {
  return f.default ?? null;
}

export interface FieldError {
  field: string;
  message: string;
}

/**
 * Checks raw input (REST JSON or GraphQL arguments) against the fields: the values to store, or
 * the field errors. Unknown fields are ignored. On update an absent optional field keeps its
 * stored value; null or '' clears it. A `draft` may be incomplete (an empty required field is
 * kept as null) but never malformed: every value given is checked as on publish.
 */
export function checkInput(
  fields: Readonly<Record<string, Field>>,
  input: Readonly<Record<string, unknown>>,
  mode: 'create' | 'update' | 'draft',
): { values: Record<string, unknown>; errors: FieldError[] } {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [name, f] of Object.entries(fields)) {
    if (f.kind === 'richText') {
      const rich = richTextValues(name, f, input);
      if (rich === undefined) {
        if (mode !== 'update') Object.assign(values, { [name]: null, [documentKey(name)]: null });
      } else if ('error' in rich) errors.push({ field: name, message: rich.error });
      else Object.assign(values, rich.values);
      continue;
    }
    const given = input[name];
    if (isEmpty(given)) {
      if (mode === 'draft') values[name] = f.required ? null : emptyValue(f);
      else if (f.required) errors.push({ field: name, message: requiredMessage(f) });
      else if (mode === 'create' || given !== undefined) values[name] = emptyValue(f);
      continue;
    }
    const parsed = parseValue(f, given);
    if ('error' in parsed) errors.push({ field: name, message: parsed.error });
    else values[name] = parsed.value;
  }
  return { values, errors };
}

/** The one message for a single field's value, or null when it is fine (the browser checks field by field). */
export function fieldMessage(f: Field, value: unknown): string | null {
  if (isEmpty(value)) return f.required ? requiredMessage(f) : null;
  if (f.kind === 'richText' && typeof value === 'object') {
    const checked = checkRichText(f.messageName, value);
    return 'error' in checked ? checked.error : null;
  }
  const parsed = parseValue(f, value);
  return 'error' in parsed ? parsed.error : null;
}
