import { useEffect, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Field, Input, NativeSelect, SimpleGrid, Table, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { AdminActivityDocument } from '../../graphql/generated/graphql';
import { usePermissions } from '../auth/use-permissions';
import { Pager } from '../collections/Pager';
import { cardBody, cardCell, cardMessageCell, cardMessageRow, cardRow, cardScrollArea, cardTable, visuallyHiddenOnPhones } from '../shell/card-table';
import { formatDateTime } from '../shell/format-date';
import { NoAccessPage } from '../shell/NoAccessPage';
import { ScreenHeader } from '../shell/ScreenHeader';
import { KIND_GROUPS, NO_FILTER, apiFilter, dateRangeProblem, exportHref, kindLabel, type ActivityFilterValues } from './activity-filters';

/** Entries per page. */
export const ACTIVITY_PAGE_SIZE = 50;
/** How long typing in the person field waits before it asks (one request per pause, not per key). */
export const PERSON_DELAY_MS = 300;

/** Admin screen: who did what and when, filtered by person, kind and days, a page at a time, and the same entries as a CSV download. */
export function ActivityPage() {
  const permissions = usePermissions();
  if (permissions.loading) return null;
  if (!permissions.can('activity')) return <NoAccessPage />;
  return <ActivityLog />;
}

function ActivityLog() {
  // What the fields show, and what the list is asked (the person's text a moment after typing stops).
  const [values, setValues] = useState<ActivityFilterValues>(NO_FILTER);
  const [applied, setApplied] = useState<ActivityFilterValues>(NO_FILTER);
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (values.person === applied.person) return;
    const timer = setTimeout(() => {
      setApplied((current) => ({ ...current, person: values.person }));
      setPage(1);
    }, PERSON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values.person, applied.person]);

  const change = (name: keyof ActivityFilterValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (name !== 'person') {
      setApplied((current) => ({ ...current, [name]: value }));
      setPage(1);
    }
  };

  const rangeProblem = dateRangeProblem(applied);
  const list = useQuery(AdminActivityDocument, {
    variables: { ...apiFilter(applied), limit: ACTIVITY_PAGE_SIZE, offset: (page - 1) * ACTIVITY_PAGE_SIZE },
    skip: rangeProblem !== null,
    fetchPolicy: 'cache-and-network',
  });
  // The page shown stays until the next one arrives (no empty flash while paging or filtering).
  const data = list.data ?? list.previousData;
  const entries = data?.activity.items ?? [];
  const total = data?.activity.total ?? 0;
  const filtered = applied.person.trim() !== '' || applied.kind !== '' || applied.from !== '' || applied.to !== '';

  return (
    <Box>
      <ScreenHeader title="Activity" description="Who did what and when: sign-ins, content changes, publishing, accounts and webhooks">
        <Button asChild variant="outline" aria-disabled={rangeProblem !== null || undefined}>
          <a href={rangeProblem ? undefined : exportHref(applied)} download>
            <Download /> Export CSV
          </a>
        </Button>
      </ScreenHeader>

      <Box as="form" role="search" aria-label="Filter the activity" mb="4" onSubmit={(event) => event.preventDefault()}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          <Field.Root>
            <Field.Label>Person</Field.Label>
            <Input name="person" value={values.person} placeholder="Username" autoComplete="off" onChange={(event) => change('person', event.currentTarget.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Kind</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="kind" value={values.kind} onChange={(event) => change('kind', event.currentTarget.value)}>
                {KIND_GROUPS.map((group) => (
                  <option key={group.label} value={group.value}>
                    {group.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>From</Field.Label>
            <Input name="from" type="date" value={values.from} onChange={(event) => change('from', event.currentTarget.value)} />
          </Field.Root>
          <Field.Root invalid={rangeProblem !== null} ids={{ errorText: 'activity-to-error' }}>
            <Field.Label>To</Field.Label>
            <Input name="to" type="date" value={values.to} onChange={(event) => change('to', event.currentTarget.value)} aria-describedby={rangeProblem ? 'activity-to-error' : undefined} />
            {rangeProblem && <Field.ErrorText color="red.fg">{rangeProblem}</Field.ErrorText>}
          </Field.Root>
        </SimpleGrid>
      </Box>

      {list.error && !data ? (
        <Text color="fg.error">Failed to load the activity log. Please try again later.</Text>
      ) : (
        <>
          <Table.ScrollArea {...cardScrollArea}>
            <Table.Root size="sm" {...cardTable} aria-label="Activity" aria-busy={list.loading || undefined}>
              <Table.Header {...visuallyHiddenOnPhones}>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader py="3">When</Table.ColumnHeader>
                  <Table.ColumnHeader py="3">Who</Table.ColumnHeader>
                  <Table.ColumnHeader py="3">What</Table.ColumnHeader>
                  <Table.ColumnHeader py="3">Kind</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body {...cardBody}>
                {entries.length === 0 && !list.loading && (
                  <Table.Row {...cardMessageRow}>
                    <Table.Cell colSpan={4} {...cardMessageCell}>
                      {filtered ? 'No activity matches these filters.' : 'No activity yet.'}
                    </Table.Cell>
                  </Table.Row>
                )}
                {entries.map((entry) => (
                  <Table.Row key={entry.id} {...cardRow}>
                    <Table.Cell data-label="When" {...cardCell} whiteSpace={{ md: 'nowrap' }}>
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </Table.Cell>
                    <Table.Cell data-label="Who" {...cardCell} wordBreak="break-word" minW={{ lg: '40' }}>
                      {entry.username ?? <Text as="span" color="fg.muted">Unknown</Text>}
                    </Table.Cell>
                    <Table.Cell data-label="What" {...cardCell} wordBreak="break-word" minW={{ md: '48' }}>
                      {entry.summary}
                    </Table.Cell>
                    <Table.Cell data-label="Kind" {...cardCell}>
                      <Badge colorPalette={entry.kind === 'sign-in-failed' ? 'red' : 'gray'} title={entry.kind}>
                        {kindLabel(entry.kind)}
                      </Badge>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pager page={page} pageSize={ACTIVITY_PAGE_SIZE} count={total} label="Activity pages" onPage={setPage} />
        </>
      )}
    </Box>
  );
}
