import { Form } from 'formik';
import { useQuery } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { Box, Button, Card, HStack, Text } from '@chakra-ui/react';
import { Save } from 'lucide-react';
import { useAdminFailures } from '../auth/session-expiry';
import { RecordForm } from '../forms/RecordForm';
import { useSaveRecord } from '../forms/use-save-record';
import { editableFields, type ContentType, type RecordOf } from '@consulting/model';
import { singletonOperations, type DraftVariables, type UpdateVariables } from '../content-operations';
import { formFieldsOf, valuesFrom, withLayout, type FieldGroup, type FieldSpec, type FormLayout } from '../forms/field-spec';
import { usePermissions } from '../auth/use-permissions';
import { PublicationBar } from '../publishing/PublicationBar';
import { publicationDocument, type Publication } from '../publishing/publication-operations';
import { usePublicationActions } from '../publishing/use-publication-actions';
import { ScreenHeader } from '../shell/ScreenHeader';
import { SingletonHistory } from './SingletonHistory';

const LOAD_FAILED = 'Failed to load the current values';

/** A one-record form screen (landing content, statistics): labels, fields and operations from the content model. */
export interface SingletonDefinition<Record extends { id: number; version?: number }, Data> {
  path: string;
  title: string;
  navLabel: string;
  description: string;
  fields: FieldSpec[];
  /** The form's fields in titled groups (the screen's layout, screen-overrides.ts); absent: one after the other. */
  groups?: readonly FieldGroup[];
  successMessage: string;
  failureMessage: string;
  missingIdMessage: string;
  operations: {
    get: TypedDocumentNode<Data, { [key: string]: never }>;
    record(data: Data): Record | null;
    update: TypedDocumentNode<unknown, UpdateVariables>;
    saveDraft: TypedDocumentNode<{ [field: string]: Publication }, DraftVariables>;
    collection: string;
  };
}

export function defineSingleton<C extends ContentType>(type: C, layout?: FormLayout) {
  const definition: SingletonDefinition<RecordOf<C>, Record<string, RecordOf<C> | null>> = {
    path: type.adminPath,
    title: type.labels.plural,
    navLabel: type.labels.nav ?? type.labels.plural,
    description: type.labels.description,
    fields: withLayout(formFieldsOf(editableFields(type)), layout),
    groups: layout?.groups,
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
  const record = query.data ? operations.record(query.data) : null;
  // The record's draft, if any: the form opens with it.
  const publicationQuery = useQuery(publicationDocument, {
    variables: { collection: operations.collection, id: record?.id ?? 0 },
    skip: !record,
    fetchPolicy: 'cache-and-network',
  });
  const publication = publicationQuery.data?.publication ?? null;
  const canPublish = usePermissions().can('content.publish');
  const reloadAll = () => Promise.all([query.refetch(), publicationQuery.refetch()]).catch((error: unknown) => failures.report(error, LOAD_FAILED));
  const target = {
    collection: operations.collection,
    id: record?.id ?? null,
    publication,
    fields,
    saveDraft: operations.saveDraft,
    entity: definition.title,
    onChanged: reloadAll,
    onRefresh: reloadAll,
  };
  const actions = usePublicationActions(target);
  const saver = useSaveRecord<R>({
    fields,
    update: operations.update,
    messages: {
      missingId: definition.missingIdMessage,
      updated: definition.successMessage,
      failed: () => definition.failureMessage,
      reloadFailed: LOAD_FAILED,
    },
    onSaved: () => Promise.all([query.refetch(), publicationQuery.refetch()]).catch(() => undefined),
    // The form starts over with the version loaded (its key names it).
    load: () => query.refetch(),
  });

  // A screen renders nothing while its data loads.
  if ((query.loading && !query.data) || (record && publicationQuery.loading && !publicationQuery.data && !publicationQuery.error)) return null;
  const draftValues = record && publication?.hasDraft && publication.values ? valuesFrom(fields, { ...record, ...publication.values }) : undefined;

  return (
    <Box maxW="3xl">
      <ScreenHeader title={definition.title} description={definition.description} />
      {query.error && !query.data && (
        <Text color="fg.error" mb="4">
          {`${LOAD_FAILED}. Please try again later.`}
        </Text>
      )}
      <RecordForm
        key={record ? `${record.id}@${record.version ?? ''}:${publication?.draftVersion ?? ''}` : 'none'}
        record={record}
        fields={fields}
        groups={definition.groups}
        saver={saver}
        draftKey={definition.path}
        path={`/admin/${definition.path}`}
        label={definition.title}
        reinitialize
        initialValues={draftValues}
        submitDraft={canPublish ? undefined : (values, helpers) => actions.saveDraft({ ...helpers, values, dirty: true })}
      >
        {(form) => (
          <>
            {form.notice}
            {record && (
              <PublicationBar
                target={{ ...target, id: record.id }}
                actions={actions}
                label={definition.title}
                canPublish={canPublish}
                dirty={form.form.dirty}
                unpublishable={false}
              />
            )}
            <Card.Root variant="outline">
              <Form noValidate>
                <Card.Body>
                  {form.guard}
                  {form.fields}
                </Card.Body>
                <Card.Footer justifyContent="flex-end">
                  <HStack gap="3" wrap="wrap" justify="flex-end">
                    {!canPublish && (
                      <Button variant="outline" loading={actions.busy === 'submit'} loadingText="Submitting..." onClick={() => void actions.submit(form.form)}>
                        Submit for review
                      </Button>
                    )}
                    <Button
                      type={canPublish ? 'button' : 'submit'}
                      variant={canPublish ? 'outline' : 'solid'}
                      colorPalette={canPublish ? undefined : 'brand'}
                      loading={actions.busy === 'draft' || (!canPublish && form.saving)}
                      loadingText="Saving draft..."
                      onClick={canPublish ? () => void actions.saveDraft(form.form) : undefined}
                    >
                      Save draft
                    </Button>
                    {canPublish && (
                      <Button type="submit" colorPalette="brand" loading={form.saving} loadingText="Saving...">
                        <Save /> Save Changes
                      </Button>
                    )}
                  </HStack>
                </Card.Footer>
              </Form>
            </Card.Root>
          </>
        )}
      </RecordForm>
      {record && (
        <SingletonHistory
          path={definition.path}
          collection={operations.collection}
          record={record}
          fields={fields}
          canRestore={canPublish}
          onRestored={() => void query.refetch().catch((error: unknown) => failures.report(error, LOAD_FAILED))}
        />
      )}
    </Box>
  );
}
