import { useMemo, useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useMutation, useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { Box, Button, Card, Heading, HStack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronUp, Save } from 'lucide-react';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { type Conflict, ConflictNotice } from '../forms/ConflictNotice';
import { onSaveFailure } from '../forms/save-failure';
import { FormFields } from '../forms/FormFields';
import { FormGuard } from '../forms/FormGuard';
import { HistoryPanel } from '../history/HistoryPanel';
import { editableFields, type ContentType, type RecordOf } from '@consulting/model';
import { singletonOperations, type ContentInput, type UpdateVariables } from '../content-operations';
import { emptyValuesOf, formFieldsOf, inputFrom, schemaOf, valuesFrom, type FieldSpec, type FormValues } from '../forms/field-spec';
import { ScreenHeader } from '../shell/ScreenHeader';

/** A one-record form screen (landing content, statistics): labels, fields and operations from the content model. */
export interface SingletonDefinition<Record extends { id: number; version?: number }, Data> {
  path: string;
  title: string;
  navLabel: string;
  description: string;
  fields: FieldSpec[];
  successMessage: string;
  failureMessage: string;
  missingIdMessage: string;
  operations: {
    get: TypedDocumentNode<Data, { [key: string]: never }>;
    record(data: Data): Record | null;
    update: TypedDocumentNode<unknown, UpdateVariables>;
    collection: string;
  };
}

export function defineSingleton<C extends ContentType>(type: C) {
  const definition: SingletonDefinition<RecordOf<C>, Record<string, RecordOf<C> | null>> = {
    path: type.adminPath,
    title: type.labels.plural,
    navLabel: type.labels.nav ?? type.labels.plural,
    description: type.labels.description,
    fields: formFieldsOf(editableFields(type)),
    successMessage: `${type.labels.entity} updated successfully`,
    failureMessage: `Failed to update ${type.labels.noun}`,
    missingIdMessage: type.labels.missingId,
    operations: singletonOperations(type),
  };
  return definition;
}

export function SingletonScreen<R extends { id: number; version?: number }, Data>({
  definition,
}: {
  definition: SingletonDefinition<R, Data>;
}) {
  const { fields, operations } = definition;
  const failures = useAdminFailures();
  const query = useQuery(operations.get);
  const [update] = useMutation(operations.update);
  const schema = useMemo(() => schemaOf(fields), [fields]);
  /** The last save was refused as stale: offer to reload the record. */
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  // Spec: a screen renders nothing while its data loads.
  if (query.loading && !query.data) return null;
  const record = query.data ? operations.record(query.data) : null;

  async function save(values: FormValues, helpers: FormikHelpers<FormValues>) {
    if (!record?.id) {
      notify('error', 'Error', definition.missingIdMessage);
      return;
    }
    try {
      await update({ variables: { id: record.id, input: inputFrom(fields, values) as ContentInput, expectedVersion: record.version } });
      notify('success', 'Success', definition.successMessage);
      await query.refetch().catch(() => undefined);
    } catch (error) {
      onSaveFailure(error, helpers, {
        conflict: (change) => setConflict({ change, reloading: false }),
        report: (failure) => failures.report(failure, definition.failureMessage),
      });
    }
  }

  async function reload() {
    setConflict((c) => c && { ...c, reloading: true });
    try {
      await query.refetch();
      setConflict(null);
    } catch (error) {
      setConflict((c) => c && { ...c, reloading: false });
      failures.report(error, 'Failed to load the current values');
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
      {conflict && <ConflictNotice conflict={conflict} onReload={() => void reload()} />}
      <Card.Root variant="outline">
        <Formik
          key={record ? `${record.id}@${record.version ?? ''}` : 'none'}
          initialValues={record ? valuesFrom(fields, record) : emptyValuesOf(fields)}
          validationSchema={schema}
          enableReinitialize
          onSubmit={save}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <Card.Body>
                <FormGuard draftKey={definition.path} path={`/admin/${definition.path}`} label={definition.title} />
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
      {record && (
        <Card.Root variant="outline" mt="6">
          <Card.Header>
            <HStack justify="space-between">
              <Heading as="h2" size="md" id={`${definition.path}-history`}>
                History
              </Heading>
              <Button
                size="sm"
                variant="ghost"
                aria-expanded={historyOpen}
                aria-controls={`${definition.path}-history-panel`}
                onClick={() => setHistoryOpen((open) => !open)}
              >
                {historyOpen ? <ChevronUp /> : <ChevronDown />} {historyOpen ? 'Hide changes' : 'Show changes'}
              </Button>
            </HStack>
          </Card.Header>
          <Card.Body id={`${definition.path}-history-panel`} pt="2" hidden={!historyOpen} aria-labelledby={`${definition.path}-history`}>
            {historyOpen && (
              <HistoryPanel
                // A save or restore makes a new version: list the changes again.
                key={record.version}
                collection={operations.collection}
                id={record.id}
                labelOf={(name) => fields.find((f) => f.name === name)?.label ?? name}
                onRestored={() => void query.refetch().catch((error: unknown) => failures.report(error, 'Failed to load the current values'))}
              />
            )}
          </Card.Body>
        </Card.Root>
      )}
    </Box>
  );
}
