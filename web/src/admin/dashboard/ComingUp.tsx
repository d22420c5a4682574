import { useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Badge, Box, Button, Card, HStack, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { cancelScheduledJobDocument, scheduledJobsDocument, type ScheduledJob } from '../publishing/publication-operations';
import { ACTION_NAME, ScheduleDialog } from '../publishing/ScheduleDialog';
import { useSiteTimeZone } from '../publishing/use-site-time-zone';
import { contentLabel } from '../shell/content-labels';
import { formatDateTimeIn } from '../shell/format-date';
import { itemScreen } from './item-link';

/** How many scheduled entries the card lists. */
const LIMIT = 20;

function JobRow({ job, timeZone, cancelling, onChange, onCancel }: { job: ScheduledJob; timeZone: string; cancelling: boolean; onChange(): void; onCancel(): void }) {
  const action = ACTION_NAME[job.kind] ?? job.kind;
  const name = job.label || `#${job.recordId ?? ''}`;
  const when = formatDateTimeIn(job.runAt, timeZone);
  const pending = job.state === 'pending';
  return (
    <Box as="li" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <HStack gap="2" align="baseline" wrap="wrap">
        <Badge variant="subtle" colorPalette={job.kind === 'unpublish' ? 'red' : 'green'}>
          {action}
        </Badge>
        {job.collection ? (
          <ChakraLink asChild fontWeight="medium" color="brand.fg" wordBreak="break-word">
            <Link to={itemScreen(job.collection, job.recordId)}>{name}</Link>
          </ChakraLink>
        ) : (
          <Text fontWeight="medium">{name}</Text>
        )}
        {job.collection && (
          <Text as="span" color="fg.muted" fontSize="sm">
            in {contentLabel(job.collection)}
          </Text>
        )}
        {job.state === 'failed' && <Badge colorPalette="red">Failed{job.error ? `: ${job.error}` : ''}</Badge>}
        {job.state === 'done' && !!job.lateMs && <Badge colorPalette="orange">Ran late by {Math.round(job.lateMs / 60_000)} min</Badge>}
      </HStack>
      <HStack justify="space-between" wrap="wrap" gap="2" mt="1">
        <Text fontSize="sm" color="fg.muted">
          <time dateTime={job.runAt}>{when}</time>
          {job.createdBy ? ` · set by ${job.createdBy}` : ''}
        </Text>
        {pending && (
          <HStack gap="2">
            <Button size="xs" variant="outline" aria-label={`Change ${action.toLowerCase()} of ${name}, ${when}`} onClick={onChange}>
              Change
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" loading={cancelling} aria-label={`Cancel ${action.toLowerCase()} of ${name}, ${when}`} onClick={onCancel}>
              Cancel
            </Button>
          </HStack>
        )}
      </HStack>
    </Box>
  );
}

/** The dashboard's "Coming up": scheduled publications and unpublications, soonest first, on the firm's clock. */
export function ComingUp() {
  const client = useApolloClient();
  const failures = useAdminFailures();
  const { timeZone } = useSiteTimeZone();
  const jobs = useQuery(scheduledJobsDocument, { variables: { limit: LIMIT }, fetchPolicy: 'cache-and-network' });
  const [changing, setChanging] = useState<ScheduledJob | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const list = jobs.data?.scheduledJobs ?? [];

  async function cancel(job: ScheduledJob) {
    setCancelling(job.id);
    try {
      await client.mutate({ mutation: cancelScheduledJobDocument, variables: { id: job.id } });
      notify('success', 'Success', `Scheduled ${job.kind} of ${job.label ?? 'the item'} cancelled`);
      await jobs.refetch();
    } catch (error) {
      failures.report(error, 'Failed to cancel the scheduled entry');
    } finally {
      setCancelling(null);
    }
  }

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="coming-up">
      <Card.Header pb="0">
        <Heading as="h2" size="md" id="coming-up">
          Coming up
        </Heading>
        {timeZone && (
          <Text fontSize="sm" color="fg.muted">
            Times in {timeZone}
          </Text>
        )}
      </Card.Header>
      <Card.Body pt="1">
        {jobs.error && !jobs.data ? (
          <Text color="fg.error" py="3">
            Failed to load what is scheduled.
          </Text>
        ) : !jobs.data || !timeZone ? (
          <Text color="fg.muted" py="3">
            Loading...
          </Text>
        ) : list.length === 0 ? (
          <Text color="fg.muted" py="3">
            Nothing scheduled. Use “Schedule…” on an item to publish or unpublish it at a set time.
          </Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-label="Scheduled, soonest first">
            {list.map((job) => (
              <JobRow key={job.id} job={job} timeZone={timeZone} cancelling={cancelling === job.id} onChange={() => setChanging(job)} onCancel={() => void cancel(job)} />
            ))}
          </Stack>
        )}
      </Card.Body>
      <ScheduleDialog job={changing} onClose={() => setChanging(null)} onChanged={() => jobs.refetch()} />
    </Card.Root>
  );
}
