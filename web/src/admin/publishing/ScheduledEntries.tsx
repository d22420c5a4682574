import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { formatDateTimeIn } from '../shell/format-date';
import type { ScheduledJob } from './publication-operations';

const ACTION = { publish: 'Publish', unpublish: 'Unpublish' } as Record<string, string>;

/** "Publish · Nov 25, 2026, 9:00 AM": what a job does and when, on the firm's clock. */
export const jobSummary = (job: ScheduledJob, timeZone: string) => `${ACTION[job.kind] ?? job.kind} · ${formatDateTimeIn(job.runAt, timeZone)}`;

/** A record's pending schedule, each entry with Change and Cancel (named by what and when). */
export function ScheduledEntries({
  entries,
  timeZone,
  changing,
  cancelling,
  onChange,
  onCancel,
}: {
  entries: ScheduledJob[];
  timeZone: string;
  changing: string | null;
  cancelling: string | null;
  onChange(entry: ScheduledJob): void;
  onCancel(entry: ScheduledJob): void;
}) {
  return (
    <Box mb="5">
      <Heading as="h3" size="sm" mb="2">
        Scheduled
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Scheduled for this item">
        {entries.map((entry) => {
          const summary = jobSummary(entry, timeZone);
          return (
            <HStack as="li" key={entry.id} justify="space-between" wrap="wrap" gap="2" borderWidth="1px" rounded="md" px="3" py="2" bg={changing === entry.id ? 'brand.subtle' : undefined}>
              <Text fontSize="sm">{summary}</Text>
              <HStack gap="2">
                <Button size="xs" variant="outline" aria-label={`Change ${summary}`} onClick={() => onChange(entry)}>
                  Change
                </Button>
                <Button size="xs" variant="outline" colorPalette="red" aria-label={`Cancel ${summary}`} loading={cancelling === entry.id} onClick={() => onCancel(entry)}>
                  Cancel
                </Button>
              </HStack>
            </HStack>
          );
        })}
      </Stack>
    </Box>
  );
}
