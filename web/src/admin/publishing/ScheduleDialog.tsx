import { useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { notify } from '../../components/notifications';
import { useAdminFailures } from '../auth/session-expiry';
import { formatDateTimeIn, instantFromWallClock } from '../shell/format-date';
import {
  cancelScheduledJobDocument,
  publicationDocument,
  rescheduleJobDocument,
  schedulePublicationDocument,
  type ScheduledJob,
} from './publication-operations';
import { ScheduledEntries } from './ScheduledEntries';
import { ScheduleForm } from './ScheduleForm';
import type { ScheduleValues } from './schedule-form';
import { useSiteTimeZone } from './use-site-time-zone';
import { useDialogContainer } from './dialog-container';

/** The record a schedule is for. */
export interface ScheduleTarget {
  collection: string;
  id: number;
  label: string;
  /** On the site now: unpublishing is offered first. */
  live: boolean;
  /** The type can be taken off the site (a collection; a singleton cannot). */
  unpublishable?: boolean;
  /** It has a draft: publishing it is offered first. */
  hasDraft?: boolean;
}

export const ACTION_NAME: Record<string, string> = { publish: 'Publish', unpublish: 'Unpublish' };

/**
 * "Schedule…": publish or unpublish a record at a date and time on the firm's clock, and its
 * scheduled entries with Change and Cancel. Given only `job`, it changes that entry's time (the
 * dashboard's "Coming up").
 */
export function ScheduleDialog({
  target,
  job,
  onClose,
  onChanged,
}: {
  target?: ScheduleTarget | null;
  job?: ScheduledJob | null;
  onClose(): void;
  onChanged?(): unknown;
}) {
  const open = !!target || !!job;
  const container = useDialogContainer();
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" size="md">
      <Portal container={container}>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            {open && <ScheduleBody target={target ?? null} job={job ?? null} onClose={onClose} onChanged={onChanged} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ScheduleBody({
  target,
  job,
  onClose,
  onChanged,
}: {
  target: ScheduleTarget | null;
  job: ScheduledJob | null;
  onClose(): void;
  onChanged?(): unknown;
}) {
  const client = useApolloClient();
  const failures = useAdminFailures();
  const { timeZone, failed } = useSiteTimeZone();
  const publication = useQuery(publicationDocument, {
    variables: { collection: target?.collection ?? '', id: target?.id ?? 0 },
    skip: !target,
    fetchPolicy: 'network-only',
  });
  const [changing, setChanging] = useState<ScheduledJob | null>(job);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const entries = (publication.data?.publication.scheduled ?? []).filter((entry) => entry.state === 'pending');
  const title = target ? `Schedule “${target.label}”` : `Change “${job?.label ?? 'scheduled entry'}”`;

  async function submit(values: ScheduleValues): Promise<void> {
    const at = instantFromWallClock(values.date, values.time, timeZone!)!.toISOString();
    try {
      if (changing) await client.mutate({ mutation: rescheduleJobDocument, variables: { id: changing.id, at } });
      else await client.mutate({ mutation: schedulePublicationDocument, variables: { collection: target!.collection, id: target!.id, action: values.action, at } });
      const action = ACTION_NAME[changing?.kind ?? values.action] ?? values.action;
      notify('success', 'Success', `${action} scheduled for ${formatDateTimeIn(at, timeZone!)} (${timeZone})`);
      await onChanged?.();
      onClose();
    } catch (error) {
      failures.report(error, 'Failed to schedule');
    }
  }

  async function cancel(entry: ScheduledJob) {
    setCancelling(entry.id);
    try {
      await client.mutate({ mutation: cancelScheduledJobDocument, variables: { id: entry.id } });
      notify('success', 'Success', `Scheduled ${entry.kind} cancelled`);
      if (changing?.id === entry.id) setChanging(null);
      await publication.refetch();
      await onChanged?.();
    } catch (error) {
      failures.report(error, 'Failed to cancel the scheduled entry');
    } finally {
      setCancelling(null);
    }
  }

  return (
    <>
      {/* Room at the end for the close button: a long item name wraps before it, never under it. */}
      <Dialog.Header pe="14">
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {!timeZone ? (
          <Text color={failed ? 'fg.error' : 'fg.muted'}>{failed ? 'Failed to load the site’s time zone. Please try again later.' : 'Loading...'}</Text>
        ) : (
          <>
            {target && entries.length > 0 && (
              <ScheduledEntries
                entries={entries}
                timeZone={timeZone}
                changing={changing?.id ?? null}
                cancelling={cancelling}
                onChange={setChanging}
                onCancel={(entry) => void cancel(entry)}
              />
            )}
            <ScheduleForm
              key={changing?.id ?? 'new'}
              timeZone={timeZone}
              live={(target?.live ?? true) && !target?.hasDraft}
              unpublishable={target?.unpublishable ?? true}
              changing={changing}
              onSubmit={submit}
              onCancel={onClose}
            />
          </>
        )}
      </Dialog.Body>
      {!timeZone && (
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </Dialog.Footer>
      )}
    </>
  );
}
