import { getIn, useFormikContext } from 'formik';
import { Box, Checkbox, Code, Field, Fieldset, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import type { FieldSpec, FormValues } from './field-spec';
import { ImageUploaderContext } from './image-uploader';
import { ImageInput } from './ImageInput';
import { RichTextField } from './RichTextField';

// The inputs of a record form, one per field of the content model, each drawn by its kind.

export { ImageUploaderContext };

function FormField({ field }: { field: FieldSpec }) {
  const form = useFormikContext<FormValues>();
  const error = getIn(form.errors, field.name) as string | undefined;
  const touched = Boolean(getIn(form.touched, field.name));
  const invalid = Boolean(error) && (touched || form.submitCount > 0);
  const value = form.values[field.name];

  if (field.kind === 'checkbox') {
    return (
      <Checkbox.Root
        checked={value === true}
        onCheckedChange={(e) => form.setFieldValue(field.name, e.checked === true)}
        name={field.name}
        colorPalette="brand"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{field.checkboxLabel ?? field.label}</Checkbox.Label>
      </Checkbox.Root>
    );
  }

  if (field.kind === 'richText') return <RichTextField field={field} invalid={invalid} error={error} />;

  // Screen readers read the error with the input (Ark only sets aria-errormessage, little supported).
  const errorId = `field-${field.name}-error`;
  const helpId = `field-${field.name}-help`;
  const slugHelp = field.kind === 'slug';
  const describedBy = [slugHelp && helpId, invalid && errorId].filter(Boolean).join(' ');
  const common = {
    'aria-describedby': describedBy || undefined,
    name: field.name,
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    placeholder: field.placeholder,
  };
  let control;
  switch (field.kind) {
    case 'textarea':
      control = <Textarea {...common} value={String(value ?? '')} rows={4} autoresize maxH="60" />;
      break;
    case 'integer':
      control = <Input {...common} type="number" inputMode="numeric" step={1} value={value as number | string} />;
      break;
    case 'url':
      control = <Input {...common} type="text" inputMode="url" value={String(value ?? '')} />;
      break;
    case 'imageUrl':
      control = <ImageInput field={field} urlEntry={<Input {...common} type="text" inputMode="url" value={String(value ?? '')} />} />;
      break;
    case 'select':
      control = (
        <NativeSelect.Root>
          <NativeSelect.Field {...common} value={String(value ?? '')}>
            {(field.options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
      break;
    case 'image':
      control = <ImageInput field={field} />;
      break;
    case 'slug':
      control = <Input {...common} type="text" autoCapitalize="none" autoCorrect="off" spellCheck={false} value={String(value ?? '')} />;
      break;
    default:
      control = <Input {...common} type="text" value={String(value ?? '')} />;
  }
  return (
    <Field.Root invalid={invalid} required={field.required} ids={{ errorText: errorId, helperText: helpId }}>
      <Field.Label>
        {field.label}
        <Field.RequiredIndicator />
      </Field.Label>
      {control}
      {slugHelp && <SlugHelp id={helpId} pagePath={field.pagePath} slug={String(value ?? '').trim()} />}
      {invalid && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** What a slug is, and the page address it makes (`/news/<slug>`). */
function SlugHelp({ id, pagePath, slug }: { id: string; pagePath?: string; slug: string }) {
  return (
    <Field.HelperText id={id}>
      Lower-case words joined by hyphens; made from the title when left empty. Changing it keeps the old address working (it redirects).
      {pagePath !== undefined && (
        <Text as="span" display="block" mt="1" wordBreak="break-all">
          Page address:{' '}
          <Code size="sm" data-testid="page-address">
            {pagePath}/{slug || '...'}
          </Code>
          {!slug && ' (made from the title when saved)'}
        </Text>
      )}
    </Field.HelperText>
  );
}

/**
 * The inputs of a form, in declaration order. Must be inside <Formik>. An item with a page of its
 * own has the fields of that page (the slug, the page's title and description) under their own
 * heading, after the others.
 */
export function FormFields({ fields }: { fields: readonly FieldSpec[] }) {
  const page = fields.filter((field) => field.pageField);
  return (
    <Stack gap="4">
      {fields
        .filter((field) => !field.pageField)
        .map((field) => (
          <FormField key={field.name} field={field} />
        ))}
      {page.length > 0 && (
        // The rule above is the wrapper's: a fieldset's own border would run through its legend.
        <Box borderTopWidth="1px" pt="4" mt="2">
          <Fieldset.Root gap="0">
            <Fieldset.Legend fontSize="md" fontWeight="semibold">
              Page and sharing
            </Fieldset.Legend>
            <Fieldset.HelperText mt="1">The address of the item's own page, and how search results and link previews show it.</Fieldset.HelperText>
            <Fieldset.Content mt="3">
              {page.map((field) => (
                <FormField key={field.name} field={field} />
              ))}
            </Fieldset.Content>
          </Fieldset.Root>
        </Box>
      )}
    </Stack>
  );
}
