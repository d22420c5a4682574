import { type FieldError, ValidationFailed } from '../shared/errors.js';

// Declarative field rules. Each collection declares its fields once (`<name>.fields.ts`); the
// generic services validate raw input (REST JSON or GraphQL arguments) against them.

type Parsed = { value: unknown } | { error: string };

export interface FieldRule {
  label: string;
  required: boolean;
  /** Stored when an optional field is empty (null, '', whitespace) or absent on create. */
  emptyValue: unknown;
  /** Parses a present, non-empty value. */
  parse(raw: unknown): Parsed;
}

export type FieldRules = Record<string, FieldRule>;

/** A web address people follow, or (for images) a file this site stores. */
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_URL_LENGTH = 2048;

export function text(label: string, max: number): FieldRule {
  return { label, required: true, emptyValue: null, parse: (raw) => parseText(label, raw, max) };
}

export function optionalText(label: string, max: number): FieldRule {
  return { ...text(label, max), required: false };
}

export function webAddress(label: string, options: { required?: boolean } = {}): FieldRule {
  return {
    label,
    required: options.required ?? true,
    emptyValue: null,
    parse(raw) {
      const parsed = parseText(label, raw, MAX_URL_LENGTH);
      if ('error' in parsed) return parsed;
      return isHttpUrl(parsed.value as string)
        ? parsed
        : { error: `${label} must be a web address starting with http:// or https://` };
    },
  };
}

/** An image: an http(s) URL or the path of an uploaded file (`/uploads/<name>`). */
export function imageAddress(label: string): FieldRule {
  return {
    label,
    required: true,
    emptyValue: null,
    parse(raw) {
      const parsed = parseText(label, raw, MAX_URL_LENGTH);
      if ('error' in parsed) return parsed;
      const value = parsed.value as string;
      return isHttpUrl(value) || UPLOAD_PATH.test(value)
        ? parsed
        : { error: `${label} must be an uploaded image or a web address starting with http:// or https://` };
    },
  };
}

export function wholeNumber(
  label: string,
  options: { min: number; max: number; required?: boolean; emptyValue?: number },
): FieldRule {
  return {
    label,
    required: options.required ?? true,
    emptyValue: options.emptyValue ?? null,
    parse(raw) {
      let value: number;
      if (typeof raw === 'number') value = raw;
      else if (typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw)) value = Number(raw);
      else return { error: `${label} must be a whole number` };
      if (!Number.isInteger(value)) return { error: `${label} must be a whole number` };
      if (value < options.min) return { error: `${label} must be at least ${options.min}` };
      if (value > options.max) return { error: `${label} must be at most ${options.max}` };
      return { value };
    },
  };
}

/** Position in lists (ascending, then by id). Optional, 0 by default. */
export function displayOrder(): FieldRule {
  return wholeNumber('Display order', { min: -1_000_000, max: 1_000_000, required: false, emptyValue: 0 });
}

/** An on/off flag, off unless given. */
export function flag(label: string): FieldRule {
  return {
    label,
    required: false,
    emptyValue: false,
    parse: (raw) => (typeof raw === 'boolean' ? { value: raw } : { error: `${label} must be true or false` }),
  };
}

export function oneOf(label: string, options: readonly string[], emptyValue: string): FieldRule {
  return {
    label,
    required: false,
    emptyValue,
    parse(raw) {
      const value = typeof raw === 'string' ? raw.trim() : raw;
      return typeof value === 'string' && options.includes(value)
        ? { value }
        : { error: `${label} must be one of ${options.join(', ')}` };
    },
  };
}

/**
 * Validates raw input against the rules and returns the values to store. Unknown fields are
 * ignored. On update an absent optional field keeps its stored value; null or '' clears it.
 */
export function validateInput(rules: FieldRules, raw: unknown, mode: 'create' | 'update'): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ValidationFailed([], 'Input must be an object with the record fields');
  }
  const input = raw as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    const given = input[field];
    if (isEmpty(given)) {
      if (rule.required) errors.push({ field, message: `${rule.label} is required` });
      else if (mode === 'create' || given !== undefined) values[field] = rule.emptyValue;
      continue;
    }
    const parsed = rule.parse(given);
    if ('error' in parsed) errors.push({ field, message: parsed.error });
    else values[field] = parsed.value;
  }
  if (errors.length > 0) throw new ValidationFailed(errors);
  return values;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Control characters other than tab and line breaks: PostgreSQL cannot store NUL, and none belongs in content. */
export const FORBIDDEN_CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function parseText(label: string, raw: unknown, max: number): Parsed {
  if (typeof raw !== 'string') return { error: `${label} must be text` };
  const value = raw.trim();
  if (value.length > max) return { error: `${label} must be at most ${max} characters` };
  if (FORBIDDEN_CONTROL_CHARACTERS.test(value)) return { error: `${label} contains characters that are not allowed` };
  return { value };
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
