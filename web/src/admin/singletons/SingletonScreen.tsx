import { useMemo } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useMutation, useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { Box, Button, Card, Text } from '@chakra-ui/react';
import { Save } from 'lucide-react';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { fieldErrors } from '../errors';
import { FormFields } from '../forms/FormFields';
import { emptyValuesOf, inputFrom, schemaOf, valuesFrom, type FieldSpec, type FormValues } from '../forms/field-spec';
import { ScreenHeader } from '../shell/ScreenHeader';

/** A one-record form screen (landing content, statistics): what differs is declared here. */
export interface SingletonDefinition<Record extends { id: number }, Data, Input> {
  path: string;
  title: string;
  description: string;
  fields: FieldSpec[];
  successMessage: string;
  failureMessage: string;
  missingIdMessage: string;
  operations: {
    get: TypedDocumentNode<Data, { [key: string]: never }>;
    record(data: Data): Record | null;
    update: TypedDocumentNode<unknown, { id: number; input: Input }>;
  };
}

export function defineSingleton<R extends { id: number }, Data, Input>(
  definition: SingletonDefinition<R, Data, Input>,
): SingletonDefinition<R, Data, Input> {
  return definition;
}

export function SingletonScreen<R extends { id: number }, Data, Input>({
  definition,
}: {
  definition: SingletonDefinition<R, Data, Input>;
}) {
  const { fields, operations } = definition;
  const failures = useAdminFailures();
  const query = useQuery(operations.get);
  const [update] = useMutation(operations.update);
  const schema = useMemo(() => schemaOf(fields), [fields]);

  // Spec: a screen renders nothing while its data loads.
  if (query.loading && !query.data) return null;
  const record = query.data ? operations.record(query.data) : null;

  async function save(values: FormValues, helpers: FormikHelpers<FormValues>) {
    if (!record?.id) {
      notify('error', 'Error', definition.missingIdMessage);
      return;
    }
    try {
      await update({ variables: { id: record.id, input: inputFrom(fields, values) as Input } });
      notify('success', 'Success', definition.successMessage);
      await query.refetch().catch(() => undefined);
    } catch (error) {
      const serverErrors = fieldErrors(error);
      if (Object.keys(serverErrors).length > 0) {
        helpers.setErrors(serverErrors);
        helpers.setTouched(Object.fromEntries(Object.keys(serverErrors).map((f) => [f, true])), false);
      }
      failures.report(error, definition.failureMessage);
    }
  }

  return (
    <Box maxW="3xl">
      <ScreenHeader title={definition.title} description={definition.description} />
      {query.error && !query.data && (
        <Text color="fg.error" mb="4">
          Failed to load the current values. Please try again later.
        </Text>
      )}
      <Card.Root variant="outline">
        <Formik
          key={record?.id ?? 'none'}
          initialValues={record ? valuesFrom(fields, record) : emptyValuesOf(fields)}
          validationSchema={schema}
          enableReinitialize
          onSubmit={save}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Card.Body>
                <FormFields fields={fields} />
              </Card.Body>
              <Card.Footer justifyContent="flex-end">
                <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Saving...">
                  <Save /> Save Changes
                </Button>
              </Card.Footer>
            </Form>
          )}
        </Formik>
      </Card.Root>
    </Box>
  );
}
