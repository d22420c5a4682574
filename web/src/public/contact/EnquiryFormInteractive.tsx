import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2 } from 'lucide-react';
import { useFormik } from 'formik';
import type { EnquiryFieldName } from '@consulting/model';
import { EnquiryFields, FormCard, type Handover } from './EnquiryFields';
import type { EnquiryProof, SubmissionResult } from './enquiry-submission';
import { EMPTY_ENQUIRY, enquiryInputOf, enquirySchema, type EnquiryValues } from './enquiry-rules';

// The contact form once a visitor uses it: formik with the model's rules (enquiry-rules.ts) and
// inline errors; the proof of work is fetched and solved as soon as the form is touched, and the
// message is sent through GraphQL (enquiry-submission.ts, loaded then), the thank-you shown in
// place with the focus on it.

const loadSubmission = () => import('./enquiry-submission');

const FAILED = 'Your message could not be sent. Please check your connection and try again.';

/** The message shown in place of the form once it is sent; focus moves to its heading. */
function SentNotice({ onAnother }: { onAnother(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack align="center" textAlign="center" gap="4" py={{ base: '6', md: '10' }}>
      <Box color="accent.600" aria-hidden="true">
        <CheckCircle2 size={48} strokeWidth={1.5} />
      </Box>
      <Heading as="h3" ref={heading} tabIndex={-1} fontFamily="heading" fontSize={{ base: '2xl', md: '3xl' }} color="brand.900" _focus={{ outline: 'none' }}>
        Thank you
      </Heading>
      <Text color="gray.700" fontSize={{ base: 'md', md: 'lg' }} maxW="md">
        Your message has reached us. We will get back to you soon.
      </Text>
      <Button variant="outline" colorPalette="brand" onClick={onAnother}>
        Send another message
      </Button>
    </Stack>
  );
}

interface Props {
  /** What the plain form holds now (called once, while this first renders). */
  readHandover(): Handover;
  idOf(name: string): string;
  privacyText: string | null;
  formToken: string;
  fieldOrder: readonly EnquiryFieldName[];
}

export default function EnquiryFormInteractive({ readHandover, idOf, privacyText, formToken, fieldOrder }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const [handover] = useState(readHandover);
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // After a first attempt each field is checked as it changes, so an error goes as soon as it is
  // put right: checked only on leaving the field, the error under it would vanish as the visitor
  // presses the button, moving the button away from under the pointer.
  const [attempted, setAttempted] = useState(handover.submit);
  const proof = useRef<Promise<EnquiryProof> | null>(null);
  const isField = (name: string): name is EnquiryFieldName => fieldOrder.includes(name as EnquiryFieldName);

  /** Fetches and solves a challenge (one per message), while the visitor types. */
  const prepare = () => {
    if (!proof.current) {
      const started = loadSubmission().then((m) => m.prepareEnquiry());
      proof.current = started;
      // A failure is reported when sending; the next attempt asks again.
      started.catch(() => {
        if (proof.current === started) proof.current = null;
      });
    }
    return proof.current;
  };

  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = fieldOrder.find((name) => errors[name]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const formik = useFormik<EnquiryValues>({
    initialValues: handover.values,
    validationSchema: enquirySchema,
    validateOnChange: attempted,
    validateOnBlur: true,
    onSubmit: async (values, helpers) => {
      setFormError(null);
      let result: SubmissionResult;
      try {
        const [submission, ready] = await Promise.all([loadSubmission(), prepare()]);
        const website = (formRef.current?.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '';
        result = await submission.sendEnquiry({ ...enquiryInputOf(values), website, formToken: ready.formToken, altcha: ready.altcha, turnstileToken: null });
      } catch {
        result = { kind: 'refused', message: FAILED };
      }
      // A challenge is good for one message: the next attempt solves a new one.
      proof.current = null;
      if (result.kind === 'sent') {
        setSent(true);
        return;
      }
      void prepare();
      if (result.kind === 'invalid') {
        const visible = Object.fromEntries(Object.entries(result.errors).filter(([field]) => isField(field)));
        helpers.setErrors(visible);
        helpers.setTouched(Object.fromEntries(Object.keys(visible).map((field) => [field, true])), false);
        const hidden = Object.entries(result.errors).filter(([field]) => !isField(field)).map(([, message]) => message);
        setFormError(hidden.length ? hidden.join(' ') : result.message);
        focusFirstError(visible);
        return;
      }
      setFormError(result.message);
    },
  });

  const send = async () => {
    setAttempted(true);
    const errors = await formik.validateForm();
    if (Object.keys(errors).length > 0) {
      void formik.setTouched(Object.fromEntries(fieldOrder.map((name) => [name, true])), false);
      focusFirstError(errors);
      return;
    }
    await formik.submitForm();
  };

  // Taking over from the plain form: the proof of work starts, the focus stays where it was (the
  // caret at the end of what was typed), and a form sent before this arrived is sent now.
  useLayoutEffect(() => {
    void prepare();
    const focused = handover.focusId ? document.getElementById(handover.focusId) : null;
    if (focused) {
      focused.focus();
      if ((focused instanceof HTMLInputElement && focused.type === 'text') || focused instanceof HTMLTextAreaElement) {
        focused.setSelectionRange(focused.value.length, focused.value.length);
      }
    }
    if (handover.submit) void send();
    // Once, on taking over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (sent) {
    return (
      <FormCard>
        <SentNotice
          onAnother={() => {
            formik.resetForm({ values: EMPTY_ENQUIRY });
            setFormError(null);
            setSent(false);
          }}
        />
      </FormCard>
    );
  }

  const control = (name: EnquiryFieldName) =>
    name === 'consent'
      ? { checked: formik.values.consent, onChange: formik.handleChange, onBlur: formik.handleBlur }
      : { value: formik.values[name], onChange: formik.handleChange, onBlur: formik.handleBlur };

  return (
    <FormCard>
      <EnquiryFields
        idOf={idOf}
        privacyText={privacyText}
        formToken={formToken}
        running
        formRef={formRef}
        control={control}
        errorOf={(name) => (formik.touched[name] && formik.errors[name] ? String(formik.errors[name]) : undefined)}
        formError={formError}
        busy={formik.isSubmitting}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      />
    </FormCard>
  );
}
