import { useState } from 'react';
import { Button, HStack, Stack, VisuallyHidden } from '@chakra-ui/react';
import { CalendarClock, Eye, EyeOff, Share2, Undo2 } from 'lucide-react';
import { ConfirmDialog } from './ConfirmDialog';
import { PublicationStatus } from './PublicationStatus';
import { ScheduleDialog } from './ScheduleDialog';
import { ShareDialog } from './ShareDialog';
import type { PublicationActions, PublicationTarget } from './use-publication-actions';

/** Where "Preview" opens the item: the public page it appears on, rendered with its draft. */
export const previewHref = (collection: string, id: number) => `/preview/${collection}/${id}`;

/**
 * The workflow strip of a saved record's form: its state and draft note, then Preview, Share
 * preview, Schedule…, Unpublish and Discard draft as the record and the role allow.
 */
export function PublicationBar({
  target,
  actions,
  label,
  canPublish,
  dirty,
  unpublishable = true,
}: {
  target: PublicationTarget & { id: number };
  actions: PublicationActions;
  /** What the dialogs call the item. */
  label: string;
  canPublish: boolean;
  /** The form holds unsaved changes (Preview shows the saved draft). */
  dirty: boolean;
  /** The type can be taken off the site (a collection; a singleton cannot). */
  unpublishable?: boolean;
}) {
  const { publication, collection, id } = target;
  const [open, setOpen] = useState<'share' | 'schedule' | 'discard' | null>(null);
  const close = () => setOpen(null);
  const live = publication?.live ?? true;
  const neverPublished = publication?.state === 'DRAFT';
  return (
    <Stack gap="3" mb="4" p="3" borderWidth="1px" rounded="md" bg="bg.subtle">
      {publication && <PublicationStatus publication={publication} />}
      <HStack gap="2" wrap="wrap">
        <Button asChild size="xs" variant="outline">
          <a href={previewHref(collection, id)} target="_blank" rel="noopener" title={dirty ? 'Shows the saved draft: save the draft to preview your latest changes' : undefined}>
            <Eye /> Preview<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </a>
        </Button>
        <Button size="xs" variant="outline" onClick={() => setOpen('share')}>
          <Share2 /> Share preview
        </Button>
        {canPublish && (
          <Button size="xs" variant="outline" onClick={() => setOpen('schedule')}>
            <CalendarClock /> Schedule…
          </Button>
        )}
        {canPublish && live && unpublishable && (
          <Button size="xs" variant="outline" loading={actions.busy === 'unpublish'} onClick={() => void actions.unpublish()}>
            <EyeOff /> Unpublish
          </Button>
        )}
        {publication?.hasDraft && (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setOpen('discard')}>
            <Undo2 /> Discard draft
          </Button>
        )}
      </HStack>
      <ShareDialog target={open === 'share' ? { collection, id, label } : null} onClose={close} />
      <ScheduleDialog target={open === 'schedule' ? { collection, id, label, live, unpublishable, hasDraft: publication?.hasDraft } : null} onClose={close} onChanged={target.onRefresh} />
      <ConfirmDialog
        open={open === 'discard'}
        title="Discard this draft?"
        body={
          neverPublished
            ? 'This item was never published: discarding its draft removes it. Its history stays.'
            : live
              ? 'The form goes back to the published version; the draft’s changes are dropped. The site is not affected.'
              : 'The draft’s changes are dropped; the item stays off the site.'
        }
        confirmLabel="Discard draft"
        busy={actions.busy === 'discard'}
        onConfirm={() => void actions.discard().then(close)}
        onClose={close}
      />
    </Stack>
  );
}
