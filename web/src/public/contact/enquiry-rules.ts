import * as yup from 'yup';
import { enquiryForm, fieldMessage, type EnquiryFieldName } from '@consulting/model';

// The enquiry form's values, what is sent for them, and the yup rules that check them: each rule
// runs the model's own check (fieldMessage) on the value that would be sent, so the browser refuses
// exactly what the server refuses, with the same message.

export interface EnquiryValues {
  name: string;
  email: string;
  organisation: string;
  service: string;
  message: string;
  consent: boolean;
}

export const ENQUIRY_FIELDS = enquiryForm.fields;

/** The form as it opens: every text empty, no service chosen, the box not ticked. */
export const EMPTY_ENQUIRY: EnquiryValues = { name: '', email: '', organisation: '', service: '', message: '', consent: false };

/** The value sent for one field: trimmed text, an empty organisation as null, the box as a boolean. */
export function sentValue(name: EnquiryFieldName, value: unknown): string | boolean | null {
  if (name === 'consent') return value === true;
  const text = typeof value === 'string' ? value.trim() : '';
  return name === 'organisation' && text === '' ? null : text;
}

/** The form's fields as the API's EnquiryInput takes them. */
export function enquiryInputOf(values: EnquiryValues) {
  return {
    name: sentValue('name', values.name) as string,
    email: sentValue('email', values.email) as string,
    organisation: sentValue('organisation', values.organisation) as string | null,
    service: sentValue('service', values.service) as string,
    message: sentValue('message', values.message) as string,
    consent: sentValue('consent', values.consent) as boolean,
  };
}

function ruleOf(name: EnquiryFieldName): yup.AnySchema {
  const field = ENQUIRY_FIELDS[name];
  return yup.mixed().test('enquiry-model', function check(value) {
    const message = fieldMessage(field, sentValue(name, value));
    return message === null ? true : this.createError({ message });
  });
}

/** The yup schema of the enquiry form, from the model's declaration. */
export const enquirySchema = yup.object(
  Object.fromEntries((Object.keys(ENQUIRY_FIELDS) as EnquiryFieldName[]).map((name) => [name, ruleOf(name)])),
) as yup.ObjectSchema<yup.AnyObject>;
