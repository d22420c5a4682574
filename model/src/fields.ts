import { BIDI_CONTROL_CHARACTERS, CONTACT_ICONS, FORBIDDEN_CONTROL_CHARACTERS, MAX_URL_LENGTH, UPLOAD_PATH } from './constants.js';

// The field kinds of the content model: each knows how to check a value and what to say when the
// value is wrong. The API validates requests with these; the admin forms derive their yup rules
// from the same functions, so both refuse the same input with the same message.

export type FieldKind = 'text' | 'webAddress' | 'imageAddress' | 'wholeNumber' | 'flag' | 'choice';

/** How a value is stored: always present, nullable, or present with a database default. */
export type Presence = 'required' | 'optional' | 'defaulted';

export interface Choice {
  value: string;
  label: string;
  /** What the value means, for the API documentation. */
  description?: string;
}

export interface Field<V extends string | number | boolean = string | number | boolean, P extends Presence = Presence> {
  kind: FieldKind;
  /** The form's label, as staff see it: 'Flag Image URL'. */
  label: string;
  /** The field's name in messages ('Flag image URL is required'); the label in sentence case unless given. */
  messageName: string;
  /** Must be given (create and update). */
  required: boolean;
  /** Stored when an optional field is empty or absent on create; also the column default. */
  default?: V;
  /** Longest text (text kinds). */
  maxLength?: number;
  /** Range of a whole number. */
  min?: number;
  max?: number;
  /** Several lines of text (a textarea in the admin). */
  multiline?: boolean;
  /** An image staff upload (an 'Upload Image' button) rather than type the address of. */
  upload?: boolean;
  /** Allowed values of a choice. */
  options?: readonly Choice[];
  /** The GraphQL enum a choice is (ContactIcon); REST keeps the plain string. */
  enumName?: string;
  /** The message for a missing value, when not '<name> is required'. */
  requiredMessage?: string;
  placeholder?: string;
  /** Text beside a checkbox. */
  checkboxLabel?: string;
  /** What the field means, for the GraphQL and REST documentation. */
  description?: string;
  /** Type-level only: how the value is stored. */
  readonly presence?: P;
}

export type Parsed = { value: unknown } | { error: string };

/** "Flag Image URL" -> "Flag image URL": acronyms keep their capitals. */
export function sentenceCase(label: string): string {
  return label
    .split(' ')
    .map((word, i) => (i === 0 || /^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

type Options = Partial<Pick<Field, 'messageName' | 'placeholder' | 'description' | 'checkboxLabel' | 'multiline' | 'enumName'>>;

function field<V extends string | number | boolean, P extends Presence>(
  kind: FieldKind,
  label: string,
  required: boolean,
  options: Options & Partial<Field<V>>,
): Field<V, P> {
  return { kind, label, messageName: options.messageName ?? sentenceCase(label), required, ...options } as Field<V, P>;
}

/** Required single- or multi-line text. */
export function text(label: string, maxLength: number, options: Options = {}): Field<string, 'required'> {
  return field('text', label, true, { maxLength, ...options });
}

/** Optional text: empty is stored as null. */
export function optionalText(label: string, maxLength: number, options: Options = {}): Field<string, 'optional'> {
  return field('text', label, false, { maxLength, ...options });
}

/** A web address people follow (http:// or https://). */
export function webAddress<O extends Options & { default?: string }>(
  label: string,
  options?: O,
): Field<string, O extends { default: string } ? 'defaulted' : 'required'> {
  return field('webAddress', label, true, { maxLength: MAX_URL_LENGTH, ...options });
}

export function optionalWebAddress(label: string, options: Options = {}): Field<string, 'optional'> {
  return field('webAddress', label, false, { maxLength: MAX_URL_LENGTH, ...options });
}

/** A picture: an http(s) address, or the path of an uploaded file. */
export function imageAddress(label: string, options: Options & { upload?: boolean } = {}): Field<string, 'required'> {
  const name = options.messageName ?? sentenceCase(label);
  return field('imageAddress', label, true, {
    maxLength: MAX_URL_LENGTH,
    ...options,
    messageName: name,
    // Staff upload these: an empty one means no picture was uploaded yet.
    ...(options.upload && { requiredMessage: `${sentenceCase(label)} is required: upload an image` }),
  });
}

export function wholeNumber(label: string, range: { min: number; max: number }, options: Options = {}): Field<number, 'required'> {
  return field('wholeNumber', label, true, { ...range, ...options });
}

/** An on/off flag, off unless given. */
export function flag(label: string, options: Options = {}): Field<boolean, 'defaulted'> {
  return field('flag', label, false, { default: false, ...options });
}

/** One of a fixed list of values, `fallback` unless given. */
export function choice(label: string, options: readonly Choice[], fallback: string, more: Options = {}): Field<string, 'defaulted'> {
  return field('choice', label, false, { options, default: fallback, ...more });
}

/** The contact icon. */
export function contactIcon(): Field<string, 'defaulted'> {
  return choice('Icon', CONTACT_ICONS, 'Mail', {
    enumName: 'ContactIcon',
    description: 'The drawing shown beside the entry (Mail unless given).',
  });
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

/** Checks a present, non-empty value; returns the value to store or the message. */
export function parseValue(f: Field, raw: unknown): Parsed {
  const name = f.messageName;
  switch (f.kind) {
    case 'text':
      return parseText(name, raw, f.maxLength ?? MAX_URL_LENGTH);
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
      return typeof raw === 'boolean' ? { value: raw } : { error: `${name} must be true or false` };
    case 'choice': {
      const value = typeof raw === 'string' ? raw.trim() : raw;
      const allowed = (f.options ?? []).map((o) => o.value);
      return typeof value === 'string' && allowed.includes(value) ? { value } : { error: `${name} must be one of ${allowed.join(', ')}` };
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
 * stored value; null or '' clears it.
 */
export function checkInput(
  fields: Readonly<Record<string, Field>>,
  input: Readonly<Record<string, unknown>>,
  mode: 'create' | 'update',
): { values: Record<string, unknown>; errors: FieldError[] } {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [name, f] of Object.entries(fields)) {
    const given = input[name];
    if (isEmpty(given)) {
      if (f.required) errors.push({ field: name, message: requiredMessage(f) });
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
  const parsed = parseValue(f, value);
  return 'error' in parsed ? parsed.error : null;
}
