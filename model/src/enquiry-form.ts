import { type Choice, type Field, flag, optionalText, sentenceCase, text } from './fields.js';

// The public enquiry form ("Send us a message", landing #contact): its fields and their rules,
// declared once. The site's form derives its yup rules from these (fieldMessage) and the API's
// intake service checks a submission with them (checkInput), so both refuse the same input with
// the same message.

/** The six services the landing shows (by title), and "Something else". Values are stored. */
export const ENQUIRY_SERVICES: readonly Choice[] = [
  { value: 'strategic-planning', label: 'Strategic Planning and Development' },
  { value: 'public-reform', label: 'Public Reform and Institutional Development' },
  { value: 'feasibility-valuation', label: 'Feasibility Studies, Valuation, Merges and Acquisitions' },
  { value: 'export-planning', label: 'Export Planning and International Market Research' },
  { value: 'innovation-management', label: 'Innovation Management' },
  { value: 'technology-ai', label: 'Technology & AI Solutions' },
  { value: 'other', label: 'Something else' },
];

/** The label of a stored service value (the value itself when no longer offered). */
export function enquiryServiceLabel(value: string): string {
  return ENQUIRY_SERVICES.find((s) => s.value === value)?.label ?? value;
}

/** A choice that must be made (no default): empty is 'Service is required'. */
function requiredChoice(label: string, options: readonly Choice[], more: Partial<Field<string>> = {}): Field<string, 'required'> {
  return { kind: 'choice', label, messageName: sentenceCase(label), required: true, options, ...more } as Field<string, 'required'>;
}

/** The consent box: a flag that must be ticked. */
function consentBox(label: string, requiredMessage: string): Field<boolean, 'required'> {
  return { ...flag(label, { requiredMessage }), required: true, default: false } as Field<boolean, 'required'>;
}

/** The words beside the consent box while the site settings give none (enquiryPrivacyText); stored with each enquiry as what was agreed to. */
export const ENQUIRY_DEFAULT_PRIVACY_TEXT = 'We use your details only to answer your message. See our privacy policy.';

/** What a visitor is told once their enquiry is received (also for a honeypot hit: a bot learns nothing). */
export const ENQUIRY_RECEIVED_MESSAGE = 'Thank you. We will get back to you soon.';

export const ENQUIRY_NAME_MAX = 200;
export const ENQUIRY_EMAIL_MAX = 254;
export const ENQUIRY_ORGANISATION_MAX = 200;
export const ENQUIRY_MESSAGE_MAX = 5000;

export const enquiryForm = {
  /** The form's fields, in form order. */
  fields: {
    name: text('Name', ENQUIRY_NAME_MAX, { placeholder: 'Your name', description: 'Who is writing.' }),
    email: text('Email', ENQUIRY_EMAIL_MAX, {
      format: 'email',
      placeholder: 'name@example.com',
      description: 'Where the answer goes.',
    }),
    organisation: optionalText('Organisation', ENQUIRY_ORGANISATION_MAX, { description: 'The organisation the enquiry is for; null when not given.' }),
    service: requiredChoice('Service', ENQUIRY_SERVICES, {
      messageName: 'Service',
      description: 'The service the enquiry is about (one of the six on the landing), or `other`.',
    }),
    message: text('Message', ENQUIRY_MESSAGE_MAX, { multiline: true, description: 'The enquiry itself.' }),
    consent: consentBox('Consent', 'Please agree to our use of your details so we can answer you'),
  },
} as const satisfies { fields: Readonly<Record<string, Field>> };

export type EnquiryFieldName = keyof typeof enquiryForm.fields;
