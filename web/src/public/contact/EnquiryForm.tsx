import { useEffect, useId, useRef, useState } from 'react';
import type { EnquiryFieldName } from '@consulting/model';
import { EnquiryFormDocument } from '../../graphql/generated/graphql';
import { usePublicQuery } from '../page-data/public-data';
import { EnquiryFields, FIELD_ORDER, FormCard, type Handover } from './EnquiryFields';
import type { EnquiryValues } from './enquiry-rules';

// "Send us a message" under the contact cards. The server renders a plain form that posts to
// /api/enquiries/form (without JavaScript: the thank-you page, or the form again with its errors).
// The browser hydrates that same form and loads the working one (formik and yup with the model's
// rules, the proof of work, the GraphQL submission: EnquiryFormInteractive) only when a visitor
// first touches it, so a page that is only read downloads none of it. The working form takes over
// with what was typed so far and the focus where it was.

const loadInteractive = () => import('./EnquiryFormInteractive');
type Interactive = Awaited<ReturnType<typeof loadInteractive>>['default'];

/** What the visitor typed before the working form took over, read from the plain form. */
function valuesIn(form: HTMLFormElement | null): EnquiryValues {
  const text = (name: EnquiryFieldName) => {
    const element = form?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;
    return element ? element.value : '';
  };
  const consent = form?.elements.namedItem('consent') as HTMLInputElement | null;
  return { name: text('name'), email: text('email'), organisation: text('organisation'), service: text('service'), message: text('message'), consent: consent?.checked ?? false };
}

export function EnquiryForm() {
  const { data } = usePublicQuery(EnquiryFormDocument);
  const privacyText = data?.siteSettings?.enquiryPrivacyText?.trim() || null;
  const formToken = data?.enquiryChallenge.formToken ?? '';
  const uid = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const idOf = (name: string) => `enquiry-${name}-${uid}`;
  const plainForm = useRef<HTMLFormElement>(null);
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  const [Working, setWorking] = useState<{ component: Interactive } | null>(null);
  const submitted = useRef(false);

  const takeOver = (submit: boolean) => {
    submitted.current ||= submit;
    void loadInteractive().then((module) => setWorking((current) => current ?? { component: module.default }));
  };
  /**
   * Read while the working form renders, when the plain form is still on the page: whatever was
   * typed up to the moment it is replaced carries over.
   */
  const readHandover = (): Handover => {
    const form = plainForm.current;
    const focused = document.activeElement;
    return { values: valuesIn(form), focusId: focused && form?.contains(focused) ? focused.id : null, submit: submitted.current };
  };

  const plain = (
    <FormCard>
      <EnquiryFields
        idOf={idOf}
        privacyText={privacyText}
        formToken={formToken}
        running={running}
        formRef={plainForm}
        onFocusCapture={() => takeOver(false)}
        onPointerDownCapture={() => takeOver(false)}
        onSubmit={(event) => {
          // Sent before the working form arrived: it sends once it has taken over.
          event.preventDefault();
          takeOver(true);
        }}
      />
    </FormCard>
  );
  if (!Working) return plain;
  return <Working.component readHandover={readHandover} idOf={idOf} privacyText={privacyText} formToken={formToken} fieldOrder={FIELD_ORDER} />;
}
