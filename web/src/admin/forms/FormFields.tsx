import { memo } from 'react';
import { getIn, useFormikContext } from 'formik';
import { Box, Checkbox, Code, Field, Fieldset, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { Choice } from '@consulting/model';
import type { FieldGroup, FieldSpec, FormValues } from './field-spec';
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
  const labelId = `field-${field.name}-label`;
  const slugHelp = field.kind === 'slug';
  const describedBy = [(slugHelp || field.help) && helpId, invalid && errorId].filter(Boolean).join(' ');
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
            {field.groupOptions ? <GroupedOptions options={field.options ?? []} /> : <Options options={field.options ?? []} />}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
      break;
    case 'image':
      // No input to label: the button names the field it uploads to through its description.
      control = <ImageInput field={field} describedBy={[labelId, field.help && helpId].filter(Boolean).join(' ')} />;
      break;
    case 'slug':
      control = <Input {...common} type="text" autoCapitalize="none" autoCorrect="off" spellCheck={false} value={String(value ?? '')} />;
      break;
    default:
      control = <Input {...common} type="text" value={String(value ?? '')} />;
  }
  return (
    <Field.Root invalid={invalid} required={field.required} ids={{ errorText: errorId, helperText: helpId, label: labelId }}>
      <Field.Label>
        {field.label}
        <Field.RequiredIndicator />
      </Field.Label>
      {control}
      {slugHelp ? (
        <SlugHelp id={helpId} pagePath={field.pagePath} slug={String(value ?? '').trim()} reserved={Boolean(field.model.reserved?.length)} />
      ) : (
        field.help && <Field.HelperText id={helpId}>{field.help}</Field.HelperText>
      )}
      {invalid && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function Options({ options }: { options: readonly Choice[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/**
 * Options under a heading per first part of their value ('Europe/Berlin' under Europe); single-part
 * values first. Memoised: the ~420 time zones are not drawn again on every keystroke in the form.
 */
const GroupedOptions = memo(function GroupedOptions({ options }: { options: readonly Choice[] }) {
  const groups = new Map<string, Choice[]>();
  for (const option of options) {
    const slash = option.value.indexOf('/');
    const group = slash > 0 ? option.value.slice(0, slash) : '';
    groups.set(group, [...(groups.get(group) ?? []), option]);
  }
  return [...groups].map(([group, members]) =>
    group ? (
      <optgroup key={group} label={group.replace(/_/g, ' ')}>
        <Options options={members} />
      </optgroup>
    ) : (
      <Options key="" options={members} />
    ),
  );
});

/** What a slug is, and the page address it makes (`/news/<slug>`). */
function SlugHelp({ id, pagePath, slug, reserved }: { id: string; pagePath?: string; slug: string; reserved: boolean }) {
  return (
    <Field.HelperText id={id}>
      Lower-case words joined by hyphens; made from the title when left empty.{reserved && " Never one of the site's own addresses (team, news, clients, admin...)."} Changing it keeps the old address working (it redirects).
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
export function FormFields({ fields, groups }: { fields: readonly FieldSpec[]; groups?: readonly FieldGroup[] }) {
  if (groups) return <GroupedFields fields={fields} groups={groups} />;
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

/**
 * The inputs in titled groups (fieldsets), each group's short fields side by side from md up where
 * it asks for two columns. A field no group names comes last, so nothing declared goes missing.
 */
function GroupedFields({ fields, groups }: { fields: readonly FieldSpec[]; groups: readonly FieldGroup[] }) {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const grouped = new Set(groups.flatMap((group) => group.fields));
  const rest = fields.filter((field) => !grouped.has(field.name));
  return (
    <Stack gap="0">
      {groups.map((group, index) => (
        // The rule between groups is the wrapper's: a fieldset's own border would run through its legend.
        <Box key={group.legend} borderTopWidth={index > 0 ? '1px' : undefined} pt={index > 0 ? '6' : undefined} pb="6">
          <Fieldset.Root gap="0">
            <Fieldset.Legend fontSize="md" fontWeight="semibold">
              {group.legend}
            </Fieldset.Legend>
            {group.help && <Fieldset.HelperText mt="1">{group.help}</Fieldset.HelperText>}
            <SimpleGrid columns={{ base: 1, md: group.columns ?? 1 }} columnGap="4" rowGap="4" mt="3" alignItems="start">
              {group.fields.map((name) => {
                const field = byName.get(name);
                if (!field) return null;
                return (
                  <Box key={name} gridColumn={group.wide?.includes(name) ? '1 / -1' : undefined} minW="0">
                    <FormField field={field} />
                  </Box>
                );
              })}
            </SimpleGrid>
          </Fieldset.Root>
        </Box>
      ))}
      {rest.length > 0 && (
        <Stack gap="4" borderTopWidth="1px" pt="6">
          {rest.map((field) => (
            <FormField key={field.name} field={field} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
