import { Formik, Form, type FormikHelpers } from 'formik';
import { Checkbox, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import * as yup from 'yup';
import { DialogFormFooter } from '../forms/DialogFormFooter';
import { contentLabel } from '../shell/content-labels';
import { FORM_DIALOG_CONTENT, FORM_DIALOG_ROOT } from '../forms/dialog-layout';

export interface WebhookFormValues {
  url: string;
  secret: string;
  collections: string[];
  active: boolean;
}

export const EMPTY_WEBHOOK: WebhookFormValues = { url: '', secret: '', collections: [], active: true };

// The server checks the same and more (addresses it may reach); these give instant feedback.
const schema = yup.object({
  url: yup
    .string()
    .trim()
    .required('URL is required')
    .test('http-url', 'Enter a valid http(s) URL', (value) => {
      try {
        return ['http:', 'https:'].includes(new URL(value ?? '').protocol);
      } catch {
        return false;
      }
    }),
  secret: yup
    .string()
    .trim()
    .test('length', 'Secret must be 16 to 256 printable characters', (value) => !value || (value.length >= 16 && value.length <= 256)),
});

/** Add or edit one endpoint: URL, secret (blank: generated or kept), collections (none: all), active. */
export function WebhookDialog({
  open,
  editing,
  collections,
  initialValues,
  onClose,
  onSave,
}: {
  open: boolean;
  editing: boolean;
  collections: string[];
  initialValues: WebhookFormValues;
  onClose(): void;
  onSave(values: WebhookFormValues, helpers: FormikHelpers<WebhookFormValues>): Promise<void>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} {...FORM_DIALOG_ROOT}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...FORM_DIALOG_CONTENT}>
            <Formik initialValues={initialValues} validationSchema={schema} onSubmit={onSave} enableReinitialize>
              {({ values, errors, touched, isSubmitting, handleChange, handleBlur, setFieldValue }) => (
                <Form noValidate style={{ display: 'contents' }}>
                  <Dialog.Header>
                    <Dialog.Title>{editing ? 'Edit Webhook' : 'Add Webhook'}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <Stack gap="4">
                      <Field.Root invalid={Boolean(touched.url && errors.url)} required>
                        <Field.Label>
                          URL <Field.RequiredIndicator />
                        </Field.Label>
                        <Input name="url" inputMode="url" value={values.url} onChange={handleChange} onBlur={handleBlur} placeholder="https://example.com/hooks/site" />
                        {touched.url && errors.url && <Field.ErrorText>{errors.url}</Field.ErrorText>}
                      </Field.Root>
                      <Field.Root invalid={Boolean(touched.secret && errors.secret)}>
                        <Field.Label>Secret</Field.Label>
                        <Input name="secret" value={values.secret} onChange={handleChange} onBlur={handleBlur} autoComplete="off" />
                        <Field.HelperText>
                          {editing ? 'Leave blank to keep the current secret.' : 'Leave blank to generate one.'} Receivers verify the
                          X-Webhook-Signature header with it.
                        </Field.HelperText>
                        {touched.secret && errors.secret && <Field.ErrorText>{errors.secret}</Field.ErrorText>}
                      </Field.Root>
                      <Stack as="fieldset" gap="2">
                        <Text as="legend" fontWeight="medium" fontSize="sm" mb="1">
                          Send content.changed for
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          None chosen: every collection.
                        </Text>
                        {collections.map((name) => (
                          <Checkbox.Root
                            key={name}
                            colorPalette="brand"
                            checked={values.collections.includes(name)}
                            onCheckedChange={(e) =>
                              setFieldValue(
                                'collections',
                                e.checked === true ? [...values.collections, name] : values.collections.filter((c) => c !== name),
                              )
                            }
                          >
                            <Checkbox.HiddenInput />
                            <Checkbox.Control />
                            <Checkbox.Label>{contentLabel(name)}</Checkbox.Label>
                          </Checkbox.Root>
                        ))}
                      </Stack>
                      <Checkbox.Root colorPalette="brand" checked={values.active} onCheckedChange={(e) => setFieldValue('active', e.checked === true)}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>Active</Checkbox.Label>
                      </Checkbox.Root>
                    </Stack>
                  </Dialog.Body>
                  <DialogFormFooter onCancel={onClose} saving={isSubmitting} />
                </Form>
              )}
            </Formik>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
