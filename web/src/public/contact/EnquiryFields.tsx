import type { FocusEventHandler, FormEventHandler, ReactNode, Ref } from 'react';
import { Box, Button, chakra, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ENQUIRY_SERVICES, enquiryForm, type EnquiryFieldName } from '@consulting/model';
import { PrivacyText } from './PrivacyText';

// The contact form's markup, the same before and after the page runs: the server renders it as a
// plain form posting to the API (it works without JavaScript), and the browser's form (formik,
// EnquiryFormInteractive) renders the same fields with their values, errors and handlers.

/** Where the form posts without JavaScript (the API's form route). */
export const ENQUIRY_FORM_ACTION = '/api/enquiries/form';

export const FIELD_ORDER: readonly EnquiryFieldName[] = ['name', 'email', 'organisation', 'service', 'message', 'consent'];

const FIELDS = enquiryForm.fields;

const control = {
  display: 'block',
  w: 'full',
  bg: 'white',
  color: 'gray.900',
  borderWidth: '1px',
  borderColor: 'gray.400',
  rounded: 'md',
  px: '3.5',
  fontSize: 'md',
  lineHeight: '1.5',
  transition: 'border-color 0.15s',
  _hover: { borderColor: 'gray.500' },
  _placeholder: { color: 'gray.500' },
  _focusVisible: { outline: '3px solid', outlineColor: 'accent.500', outlineOffset: '1px', borderColor: 'brand.700' },
  _invalid: { borderColor: 'red.600', borderWidth: '2px' },
} as const;

const TextInput = chakra('input', { base: { ...control, h: '11' } });
const TextArea = chakra('textarea', { base: { ...control, py: '2.5', minH: '40', resize: 'vertical' } });
const Select = chakra('select', {
  base: {
    ...control,
    h: '11',
    pe: '10',
    appearance: 'none',
    // A chevron drawn as a background, so the native select keeps working everywhere.
    backgroundImage: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' fill='none' stroke='%23334155' stroke-width='2' stroke-linecap='round' stroke-linejoin='round' viewBox='0 0 24 24'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E")`,
    backgroundRepeat: 'no-repeat',
    backgroundPosition: 'right 0.85rem center',
  },
});
const CheckBox = chakra('input', {
  base: { w: '5', h: '5', mt: '0.5', flexShrink: 0, accentColor: 'var(--chakra-colors-brand-800)', cursor: 'pointer' },
});

/** A label, the control, and its error under it (linked to the control by aria-describedby). */
function FormField({ id, label, optional, error, children }: { id: string; label: string; optional?: boolean; error?: string; children: ReactNode }) {
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={id} fontWeight="semibold" fontSize="sm" color="gray.800">
        {label}
        {optional && (
          <chakra.span fontWeight="normal" color="gray.600">
            {' '}
            (optional)
          </chakra.span>
        )}
      </chakra.label>
      {children}
      {error && (
        <Text id={`${id}-error`} fontSize="sm" color="red.700">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A control's value and handlers: controlled by formik once the page runs, left to the browser before. */
export interface ControlProps {
  value?: string;
  checked?: boolean;
  onChange?: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  onBlur?: FocusEventHandler;
}

/** The handover from the plain form to the working one: what was typed, the field that had focus, whether it was being sent. */
export interface Handover {
  values: { name: string; email: string; organisation: string; service: string; message: string; consent: boolean };
  focusId: string | null;
  submit: boolean;
}

export interface EnquiryFieldsProps {
  idOf(name: string): string;
  privacyText: string | null;
  /** The form token a post without JavaScript carries (the server-rendered one). */
  formToken: string;
  control?(name: EnquiryFieldName): ControlProps;
  errorOf?(name: EnquiryFieldName): string | undefined;
  /** A message about the whole form (too many messages, a failed connection), shown above the button. */
  formError?: string | null;
  busy?: boolean;
  /** The page runs: formik checks the fields instead of the browser. */
  running: boolean;
  formRef?: Ref<HTMLFormElement>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  onFocusCapture?: FocusEventHandler<HTMLFormElement>;
  onPointerDownCapture?: () => void;
}

export function EnquiryFields(props: EnquiryFieldsProps) {
  const { idOf, privacyText, formToken, control = (): ControlProps => ({}), errorOf = () => undefined, formError, busy = false, running } = props;
  const described = (name: EnquiryFieldName) =>
    errorOf(name) ? { 'aria-invalid': true as const, 'aria-describedby': `${idOf(name)}-error` } : {};
  const textProps = (name: Exclude<EnquiryFieldName, 'consent' | 'service'>) => ({
    id: idOf(name),
    name,
    maxLength: FIELDS[name].maxLength,
    required: FIELDS[name].required,
    ...control(name),
    ...described(name),
  });
  const consentError = errorOf('consent');
  const { checked: consentChecked, onChange: consentChange, onBlur: consentBlur } = control('consent');

  return (
    <chakra.form
      ref={props.formRef}
      method="post"
      action={ENQUIRY_FORM_ACTION}
      noValidate={running}
      onSubmit={props.onSubmit}
      onFocusCapture={props.onFocusCapture}
      onPointerDownCapture={props.onPointerDownCapture}
      aria-labelledby="enquiry-heading"
    >
      <Heading as="h3" id="enquiry-heading" fontFamily="heading" fontSize={{ base: 'xl', md: '2xl' }} color="brand.900">
        Send us a message
      </Heading>
      <Text mt="2" mb={{ base: '6', md: '8' }} color="gray.700">
        Tell us what you are working on. Fields are required unless marked optional.
      </Text>
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField id={idOf('name')} label={FIELDS.name.label} error={errorOf('name')}>
            <TextInput type="text" autoComplete="name" {...textProps('name')} />
          </FormField>
          <FormField id={idOf('email')} label={FIELDS.email.label} error={errorOf('email')}>
            {/* Text with the email keyboard: the model's rule checks the address (the same on the server), and the caret can be kept when the working form takes over. */}
            <TextInput type="text" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...textProps('email')} />
          </FormField>
          <FormField id={idOf('organisation')} label={FIELDS.organisation.label} optional error={errorOf('organisation')}>
            <TextInput type="text" autoComplete="organization" {...textProps('organisation')} />
          </FormField>
          <FormField id={idOf('service')} label="Service it is about" error={errorOf('service')}>
            <Select id={idOf('service')} name="service" required {...control('service')} {...described('service')}>
              <option value="">Choose a service</option>
              {ENQUIRY_SERVICES.map((service) => (
                <option key={service.value} value={service.value}>
                  {service.label}
                </option>
              ))}
            </Select>
          </FormField>
        </SimpleGrid>
        <FormField id={idOf('message')} label={FIELDS.message.label} error={errorOf('message')}>
          <TextArea rows={6} {...textProps('message')} />
        </FormField>

        <Stack gap="1.5">
          <chakra.label htmlFor={idOf('consent')} display="flex" gap="3" alignItems="flex-start" color="gray.800" fontSize="sm" lineHeight="1.6" cursor="pointer">
            <CheckBox
              type="checkbox"
              id={idOf('consent')}
              name="consent"
              value="true"
              required
              checked={consentChecked}
              onChange={consentChange}
              onBlur={consentBlur}
              {...described('consent')}
            />
            <span>
              <PrivacyText custom={privacyText} />
            </span>
          </chakra.label>
          {consentError && (
            <Text id={`${idOf('consent')}-error`} fontSize="sm" color="red.700" ps="8">
              {consentError}
            </Text>
          )}
        </Stack>

        {/* A trap for robots that fill every field: out of sight, out of the tab order, never announced. */}
        <Box aria-hidden="true" position="absolute" left="-10000px" top="auto" w="1px" h="1px" overflow="hidden">
          <label htmlFor={idOf('website')}>Website (leave empty)</label>
          <input type="text" id={idOf('website')} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </Box>
        <input type="hidden" name="formToken" value={formToken} />

        {formError && (
          <Box role="alert" bg="red.50" borderWidth="1px" borderColor="red.200" color="red.800" rounded="md" px="4" py="3" fontSize="sm">
            {formError}
          </Box>
        )}
        <Box>
          <Button type="submit" colorPalette="brand" size="lg" w={{ base: 'full', md: 'auto' }} loading={busy} loadingText="Sending...">
            Send message
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  );
}

/** The white card the form (and its thank-you) sits in, under the contact cards. */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Box
      position="relative"
      mt={{ base: '10', md: '14' }}
      mx="auto"
      maxW="3xl"
      bg="white"
      rounded="xl"
      borderWidth="1px"
      borderColor="gray.200"
      borderTopWidth="3px"
      borderTopColor="accent.500"
      boxShadow="sm"
      p={{ base: '5', md: '10' }}
    >
      {children}
    </Box>
  );
}
