import { checkInput, type Field } from '@consulting/model';
import { ValidationFailed } from '../shared/errors.js';

// Validation of raw input (REST JSON or GraphQL arguments) against a content type's fields, with
// the content model's rules and messages (the admin forms check with the same ones).

export { FORBIDDEN_CONTROL_CHARACTERS } from '@consulting/model';

export type FieldRules = Readonly<Record<string, Field>>;

/**
 * Validates raw input and returns the values to store (ValidationFailed otherwise). Unknown
 * fields are ignored. On update an absent optional field keeps its stored value; null or '' clears it.
 * A draft may leave required fields empty (stored as null); what it gives is checked as on publish.
 */
export function validateInput(rules: FieldRules, raw: unknown, mode: 'create' | 'update' | 'draft'): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ValidationFailed([], 'Input must be an object with the record fields');
  }
  const { values, errors } = checkInput(rules, raw as Record<string, unknown>, mode);
  if (errors.length > 0) throw new ValidationFailed(errors);
  return values;
}
