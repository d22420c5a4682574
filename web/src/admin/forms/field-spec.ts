import * as yup from 'yup';
import {
  documentKey,
  fieldMessage,
  isRichTextDocument,
  pageMetaFields,
  richTextFromPlainText,
  type Choice,
  type Field,
  type RichTextDocument,
} from '@consulting/model';

// A form field is a content model field (model/src) plus the input that edits it. Its yup rule
// runs the model's own check on the value the form would send, so the browser refuses exactly what
// the server refuses, with the same message, before anything is sent.

export type FieldKind =
  | 'text' //      single-line text
  | 'textarea' //  multi-line text
  | 'url' //       web address (http:// or https://)
  | 'imageUrl' //  picture address: http(s) URL or an uploaded file's path (/uploads/<name>)
  | 'integer' //   whole number (number input)
  | 'image' //     uploaded picture: an 'Upload Image' button, the value is the returned URL
  | 'checkbox' //  on/off flag
  | 'select' //    one of the field's options (contact icon)
  | 'richText' //  rich text: the document editor (headings, lists, links, pictures); the value is the document
  | 'slug'; //     the last part of the item's page address, with a preview of it

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  placeholder?: string;
  /** Label of a checkbox (the text beside the box). */
  checkboxLabel?: string;
  options?: readonly Choice[];
  /** The content model's field: rules, messages, default. */
  model: Field;
  /** Where the type's items have their pages ('/news'): a slug field previews `<pagePath>/<slug>`. */
  pagePath?: string;
  /** Part of the item's own page (the slug, the page title and description): the dialog groups these. */
  pageField?: boolean;
  /** Helper text under the input (a screen's layout gives it: formLayout). */
  help?: string;
  /** An image field's preview: the picture's shape, and a dark tile for a logo made for dark backgrounds. */
  preview?: ImagePreview;
  /** A select's options come in groups by the first part of their value ('Europe/Berlin': Europe). */
  groupOptions?: boolean;
}

export interface ImagePreview {
  shape?: 'square' | 'wide' | 'card';
  dark?: boolean;
}

/** A titled group of a form's fields (a fieldset): the Site screen's "Address", "Social links"... */
export interface FieldGroup {
  legend: string;
  /** A sentence under the legend. */
  help?: string;
  /** The fields' names, in order. */
  fields: readonly string[];
  /** Two columns from the md breakpoint up (short fields side by side); `wide` fields take a whole row. */
  columns?: 1 | 2;
  wide?: readonly string[];
}

/** How a screen lays out its form beyond the declaration: groups, and per field its helper text, preview or options' labels. */
export interface FormLayout {
  groups: readonly FieldGroup[];
  fields?: Readonly<Record<string, Partial<Pick<FieldSpec, 'help' | 'preview' | 'groupOptions' | 'options'>>>>;
}

/** The fields with what a layout adds to them (helper text, previews). */
export function withLayout(fields: FieldSpec[], layout: FormLayout | undefined): FieldSpec[] {
  if (!layout?.fields) return fields;
  const extra = layout.fields;
  return fields.map((field) => (extra[field.name] ? { ...field, ...extra[field.name] } : field));
}

/** A rich field's value: its document, null when empty. */
export type FormValue = string | number | boolean | RichTextDocument | null;
export type FormValues = Record<string, FormValue>;

function kindOf(field: Field): FieldKind {
  switch (field.kind) {
    case 'text':
      return field.multiline ? 'textarea' : 'text';
    case 'webAddress':
      return 'url';
    case 'imageAddress':
      return field.upload ? 'image' : 'imageUrl';
    case 'wholeNumber':
      return 'integer';
    case 'flag':
      return 'checkbox';
    case 'choice':
      return 'select';
    case 'richText':
      return 'richText';
    case 'slug':
      return 'slug';
  }
}

/** The page fields besides the slug (the page's title and description). */
const PAGE_META = new Set(Object.keys(pageMetaFields()));

/**
 * The form fields of a content type's editable fields, in declaration order. `pagePath`: the
 * type's items have pages there (`type.page.path`), which the slug field previews.
 */
export function formFieldsOf(fields: Readonly<Record<string, Field>>, options: { pagePath?: string } = {}): FieldSpec[] {
  return Object.entries(fields).map(([name, model]) => ({
    name,
    label: model.label,
    kind: kindOf(model),
    required: model.required,
    placeholder: model.placeholder,
    checkboxLabel: model.checkboxLabel,
    options: model.options,
    model,
    ...(options.pagePath !== undefined && { pagePath: options.pagePath, pageField: model.kind === 'slug' || PAGE_META.has(name) }),
  }));
}

/** The key a field's value is sent under: a rich field sends its document (`contentDocument`), never its plain text. */
export function inputKeyOf(field: FieldSpec): string {
  return field.kind === 'richText' ? documentKey(field.name) : field.name;
}

/** The value an empty form starts with: the model's default, else '' / 0 / false (a rich field: no document). */
function defaultOf(field: FieldSpec): FormValue {
  const declared = field.model.default;
  if (declared !== undefined) return declared;
  if (field.kind === 'integer') return 0;
  if (field.kind === 'checkbox') return false;
  if (field.kind === 'richText') return null;
  return '';
}

/** A rich field's value as stored: its document, else its plain text made into paragraphs, else null. */
function documentOf(field: FieldSpec, record: Record<string, unknown>): RichTextDocument | null {
  const document = record[documentKey(field.name)];
  if (isRichTextDocument(document)) return document;
  const text = record[field.name];
  return typeof text === 'string' ? richTextFromPlainText(text) : null;
}

/** The value sent for one form value: trimmed text, empty optional text as null, numbers, documents. */
function inputValue(field: FieldSpec, value: FormValue | undefined): unknown {
  switch (field.kind) {
    case 'richText':
      // The document as the editor made it (the server checks and normalises it); a string only from an old kept draft.
      if (value === null || value === undefined || value === '') return null;
      return typeof value === 'string' ? richTextFromPlainText(value) : value;
    case 'checkbox':
      return value === true;
    case 'integer':
      // Number inputs hand formik '' when empty; an empty optional number falls back to its default.
      if (value === '' || value === undefined || value === null) return field.required ? null : defaultOf(field);
      return typeof value === 'number' ? value : Number(value);
    default: {
      const text = String(value ?? '').trim();
      return text === '' && !field.required ? null : text;
    }
  }
}

function ruleOf(field: FieldSpec): yup.AnySchema {
  // Nullable: an empty rich field's value is null (the model's rule decides whether that is allowed).
  return yup.mixed().nullable().test('content-model', function check(value) {
    const message = fieldMessage(field.model, inputValue(field, value as FormValue | undefined));
    return message === null ? true : this.createError({ message });
  });
}

/** The yup schema of a form, from its fields. */
export function schemaOf(fields: readonly FieldSpec[]): yup.ObjectSchema<yup.AnyObject> {
  return yup.object(Object.fromEntries(fields.map((f) => [f.name, ruleOf(f)])));
}

/** Values of an empty form ("Add"). */
export function emptyValuesOf(fields: readonly FieldSpec[]): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, defaultOf(f)]));
}

/**
 * Values of a form prefilled from a stored record ("Edit"); null becomes empty. A rich field reads
 * its document (`<name>Document`), or its plain text made into paragraphs when only that is there.
 */
export function valuesFrom(fields: readonly FieldSpec[], record: object): FormValues {
  const source = record as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((f) => {
      if (f.kind === 'richText') return [f.name, documentOf(f, source)];
      const value = source[f.name];
      return [f.name, value === null || value === undefined ? defaultOf(f) : (value as FormValue)];
    }),
  );
}

/** The GraphQL input for the form values (a rich field as `<name>Document`). */
export function inputFrom(fields: readonly FieldSpec[], values: FormValues): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [inputKeyOf(f), inputValue(f, values[f.name])]));
}

/**
 * The draft input for the form values: what the form holds, less the required fields still empty
 * (a draft may be incomplete, never malformed).
 */
export function draftInputFrom(fields: readonly FieldSpec[], values: FormValues): Record<string, unknown> {
  const input = inputFrom(fields, values);
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== '' && value !== null));
}

/** The fields of a draft that are malformed (an empty required field is not: it may be filled later). */
export function draftErrorsOf(fields: readonly FieldSpec[], values: FormValues): Record<string, string> {
  const input = draftInputFrom(fields, values);
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!(inputKeyOf(field) in input)) continue;
    const message = fieldMessage(field.model, input[inputKeyOf(field)]);
    if (message) errors[field.name] = message;
  }
  return errors;
}

/** Every rule of every field (what publishing checks, whatever the form's own submit checks). */
export function publishErrorsOf(fields: readonly FieldSpec[], values: FormValues): Record<string, string> {
  const input = inputFrom(fields, values);
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = fieldMessage(field.model, input[inputKeyOf(field)]);
    if (message) errors[field.name] = message;
  }
  return errors;
}
