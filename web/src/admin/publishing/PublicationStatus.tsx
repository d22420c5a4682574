import { HStack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../shell/format-date';
import { PublicationBadges } from './PublicationBadges';
import type { Publication } from './publication-operations';

/** "This form shows the draft saved by maria on Nov 24, 2026, 5:31 PM." (and who submitted it for review, when someone did). */
export function draftNote(publication: Publication): string {
  const parts: string[] = [];
  if (publication.hasDraft) {
    const by = publication.updatedBy ? ` by ${publication.updatedBy}` : '';
    const at = publication.updatedAt ? ` on ${formatDateTime(publication.updatedAt)}` : '';
    const site = publication.live ? ' The site still shows the published version.' : ' It is not on the site.';
    parts.push(`This form shows the draft saved${by}${at}.${site}`);
  } else if (!publication.live) {
    parts.push('Not on the site.');
  }
  if (publication.submittedAt) {
    parts.push(`Submitted for review${publication.submittedBy ? ` by ${publication.submittedBy}` : ''}, ${formatDateTime(publication.submittedAt)}.`);
  }
  return parts.join(' ');
}

/** The state line of a record form: badges and what the form holds. */
export function PublicationStatus({ publication }: { publication: Publication }) {
  const note = draftNote(publication);
  return (
    <HStack gap="2" wrap="wrap" align="center">
      <PublicationBadges publication={publication} />
      {note && (
        <Text fontSize="sm" color="fg.muted" data-testid="draft-note">
          {note}
        </Text>
      )}
    </HStack>
  );
}
