import { Badge, HStack } from '@chakra-ui/react';
import type { Publication } from './publication-operations';

/** What a record's state is called in the admin. */
export const STATE_LABEL: Record<Publication['state'], string> = {
  PUBLISHED: 'Published',
  CHANGED: 'Draft changes',
  DRAFT: 'Never published',
  UNPUBLISHED: 'Unpublished',
};

const STATE_PALETTE: Record<Publication['state'], string> = {
  PUBLISHED: 'green',
  CHANGED: 'orange',
  DRAFT: 'gray',
  UNPUBLISHED: 'gray',
};

/** The badges of a record: its state, "In review" when submitted, "Scheduled" with a pending job. */
export function PublicationBadges({ publication }: { publication: Publication }) {
  const pending = (publication.scheduled ?? []).filter((job) => job.state === 'pending');
  return (
    <HStack gap="1.5" wrap="wrap">
      <Badge variant="subtle" colorPalette={STATE_PALETTE[publication.state]}>
        {STATE_LABEL[publication.state]}
      </Badge>
      {publication.submittedAt && (
        <Badge variant="subtle" colorPalette="purple">
          In review
        </Badge>
      )}
      {pending.length > 0 && (
        <Badge variant="subtle" colorPalette="blue">
          Scheduled
        </Badge>
      )}
    </HStack>
  );
}
