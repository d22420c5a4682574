import { CONTACT_ICONS, MAX_URL_LENGTH, SLUG_MAX_LENGTH } from './constants.js';

// The field kinds of the content model and their constructors (text, flag, choice...). How each
// kind checks a value and what it says when the value is wrong is in field-rules.ts.

export type FieldKind = 'text' | 'webAddress' | 'imageAddress' | 'wholeNumber' | 'flag' | 'choice' | 'richText' | 'slug';

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
  /** Text that must also have a form ('email': an email address, enquiryForm). */
  format?: 'email';
  /** What the field means, for the GraphQL and REST documentation. */
  description?: string;
  /** A slug: the field it is made from when not given ('title'). */
  slugFrom?: string;
  /** A slug: values it may not take besides RESERVED_SLUGS (a simple page's: the site's routes). */
  reserved?: readonly string[];
  /** Type-level only: how the value is stored. */
  readonly presence?: P;
}

/** "Flag Image URL" -> "Flag image URL": acronyms keep their capitals. */
export function sentenceCase(label: string): string {
  return label
    .split(' ')
    .map((word, i) => (i === 0 || /^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

type Options = Partial<Pick<Field, 'messageName' | 'placeholder' | 'description' | 'checkboxLabel' | 'multiline' | 'enumName' | 'reserved' | 'format' | 'requiredMessage'>>;

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

/** An optional picture staff upload (or give the http(s) address of); empty is stored as null. */
export function optionalImage(label: string, options: Options = {}): Field<string, 'optional'> {
  return field('imageAddress', label, false, { maxLength: MAX_URL_LENGTH, upload: true, ...options });
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

/**
 * Rich text (rich-text/): stored as a document of the allowed nodes, with its plain text. On every
 * surface the field's own name carries the plain text (a string, as plain-text fields do) and
 * `<name>Document` the document (documentKey); a client may send either, the document winning.
 * `maxLength` bounds the plain text given instead of a document.
 */
export function richText(label: string, maxLength: number, options: Options = {}): Field<string, 'optional'> {
  return field('richText', label, false, { maxLength, ...options });
}

/**
 * The address of an item's own page (`/news/<slug>`): lower-case words joined by hyphens, unique
 * in its collection. Made from the `from` field when not given (the server makes it unique).
 */
export function slug(label: string, from: string, options: Options = {}): Field<string, 'defaulted'> {
  return field('slug', label, false, { maxLength: SLUG_MAX_LENGTH, slugFrom: from, ...options });
}

/** The contact icon. */
export function contactIcon(): Field<string, 'defaulted'> {
  return choice('Icon', CONTACT_ICONS, 'Mail', {
    enumName: 'ContactIcon',
    description: 'The drawing shown beside the entry (Mail unless given).',
  });
}

export * from './field-rules.js';
