import * as yup from 'yup';

// One declaration per form field drives everything about it: the input rendered, the yup rule
// (mirroring the API's validation), the empty default, prefilling from a record and the value sent.

export type FieldKind =
  | 'text' //      single-line text
  | 'textarea' //  multi-line text
  | 'url' //       web address (http:// or https://)
  | 'imageUrl' //  picture address: http(s) URL or an uploaded file's path (/uploads/<name>)
  | 'integer' //   whole number (number input)
  | 'image' //     uploaded picture: an 'Upload Image' button, the value is the returned URL
  | 'checkbox' //  on/off flag
  | 'icon'; //     contact icon select

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  /** Required fields must be present; optional text may be empty and is sent as null. */
  required?: boolean;
  /** Longest accepted text (defaults per kind, same caps as the API). */
  maxLength?: number;
  /** Accepted range of a whole number (default: that of a display order). */
  min?: number;
  max?: number;
  /** Label of a checkbox (the text beside the box). */
  checkboxLabel?: string;
  placeholder?: string;
  /** Value an empty form starts with (defaults: '' / 0 / false / 'Mail'). */
  defaultValue?: FormValue;
}

export type FormValue = string | number | boolean;
export type FormValues = Record<string, FormValue>;

/** The contact icons the public site knows, with their human names. */
export const CONTACT_ICONS = [
  { value: 'Mail', label: 'Email' },
  { value: 'Phone', label: 'Phone' },
  { value: 'MapPin', label: 'Location' },
  { value: 'Globe', label: 'Website' },
] as const;

// Defaults shared with the API's validation (api/src/content/fields.ts).
export const TEXT_MAX = 200;
export const LONG_TEXT_MAX = 2000;
export const URL_MAX = 2048;
const DISPLAY_ORDER_RANGE = { min: -1_000_000, max: 1_000_000 };
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

export function isImageAddress(value: string): boolean {
  return isWebAddress(value) || UPLOAD_PATH.test(value);
}

/** "Flag Image URL" -> "Flag image URL", for messages such as "Flag image URL is required". */
export function sentenceCase(label: string): string {
  return label
    .split(' ')
    .map((word, i) => (i === 0 || /^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

function defaultOf(field: FieldSpec): FormValue {
  if (field.defaultValue !== undefined) return field.defaultValue;
  switch (field.kind) {
    case 'integer':
      return 0;
    case 'checkbox':
      return false;
    case 'icon':
      return 'Mail';
    default:
      return '';
  }
}

function maxLengthOf(field: FieldSpec): number {
  if (field.maxLength) return field.maxLength;
  if (field.kind === 'url' || field.kind === 'imageUrl' || field.kind === 'image') return URL_MAX;
  if (field.kind === 'textarea') return LONG_TEXT_MAX;
  return TEXT_MAX;
}

/** As the server (api/src/content/fields.ts): control characters other than tab and line breaks. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function ruleOf(field: FieldSpec): yup.AnySchema {
  const name = sentenceCase(field.label);
  switch (field.kind) {
    case 'checkbox':
      return yup.boolean().default(false);
    case 'icon':
      return yup
        .string()
        .oneOf(CONTACT_ICONS.map((i) => i.value), `${name} must be one of Mail, Phone, MapPin, Globe`)
        .required(`${name} is required`);
    case 'integer': {
      // Number inputs hand formik '' when empty; an empty optional number falls back to its default.
      const min = field.min ?? DISPLAY_ORDER_RANGE.min;
      const max = field.max ?? DISPLAY_ORDER_RANGE.max;
      const rule = yup
        .number()
        .transform((value, original) => (original === '' || original === null ? undefined : value))
        .typeError(`${name} must be a whole number`)
        .integer(`${name} must be a whole number`)
        .min(min, `${name} must be at least ${min}`)
        .max(max, `${name} must be at most ${max}`);
      return field.required ? rule.required(`${name} is required`) : rule.optional();
    }
    default: {
      let rule = yup
        .string()
        .trim()
        .max(maxLengthOf(field), `${name} must be at most ${maxLengthOf(field)} characters`)
        .test('characters', `${name} contains characters that are not allowed`, (value) => !value || !CONTROL_CHARACTERS.test(value));
      if (field.kind === 'url') {
        rule = rule.test(
          'web-address',
          `${name} must be a web address starting with http:// or https://`,
          (value) => !value || isWebAddress(value),
        );
      }
      if (field.kind === 'imageUrl' || field.kind === 'image') {
        rule = rule.test(
          'image-address',
          `${name} must be an uploaded image or a web address starting with http:// or https://`,
          (value) => !value || isImageAddress(value),
        );
      }
      if (field.required) {
        const missing = field.kind === 'image' ? `${name} is required: upload an image` : `${name} is required`;
        return rule.required(missing);
      }
      return rule.optional();
    }
  }
}

/** The yup schema of a form, from its field declarations. */
export function schemaOf(fields: readonly FieldSpec[]): yup.ObjectSchema<yup.AnyObject> {
  return yup.object(Object.fromEntries(fields.map((f) => [f.name, ruleOf(f)])));
}

/** Values of an empty form ("Add"). */
export function emptyValuesOf(fields: readonly FieldSpec[]): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, defaultOf(f)]));
}

/** Values of a form prefilled from a stored record ("Edit"); null becomes empty. */
export function valuesFrom(fields: readonly FieldSpec[], record: object): FormValues {
  const source = record as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((f) => {
      const value = source[f.name];
      return [f.name, value === null || value === undefined ? defaultOf(f) : (value as FormValue)];
    }),
  );
}

/** The GraphQL input for the form values: trimmed text, empty optional text as null, numbers. */
export function inputFrom(fields: readonly FieldSpec[], values: FormValues): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const value = values[f.name];
      switch (f.kind) {
        case 'checkbox':
          return [f.name, value === true];
        case 'integer': {
          if (value === '' || value === undefined) return [f.name, f.required ? null : defaultOf(f)];
          return [f.name, Number(value)];
        }
        default: {
          const text = String(value ?? '').trim();
          return [f.name, text === '' && !f.required ? null : text];
        }
      }
    }),
  );
}
