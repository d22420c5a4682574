import { useQuery } from '@apollo/client/react';
import { Box, Card, HStack, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { reviewQueueDocument } from '../publishing/publication-operations';
import { PublicationBadges } from '../publishing/PublicationBadges';
import { contentLabel } from '../shell/content-labels';
import { formatDateTime } from '../shell/format-date';
import { itemScreen } from './item-link';

/** How many submitted items the card lists. */
const LIMIT = 20;

/** The dashboard's "Waiting for review": drafts contributors submitted, oldest first, each a link that opens it. */
export function WaitingForReview() {
  const queue = useQuery(reviewQueueDocument, { variables: { limit: LIMIT }, fetchPolicy: 'cache-and-network' });
  const items = queue.data?.reviewQueue ?? [];
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="waiting-for-review">
      <Card.Header pb="0">
        <Heading as="h2" size="md" id="waiting-for-review">
          Waiting for review
        </Heading>
      </Card.Header>
      <Card.Body pt="1">
        {queue.error && !queue.data ? (
          <Text color="fg.error" py="3">
            Failed to load the review list.
          </Text>
        ) : !queue.data ? (
          <Text color="fg.muted" py="3">
            Loading...
          </Text>
        ) : items.length === 0 ? (
          <Text color="fg.muted" py="3">
            Nothing is waiting for review.
          </Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-label="Submitted for review">
            {items.map((item) => (
              <Box as="li" key={`${item.collection}:${item.recordId}`} py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                <HStack gap="2" wrap="wrap" align="baseline">
                  <ChakraLink asChild fontWeight="medium" color="brand.fg" wordBreak="break-word">
                    <Link to={itemScreen(item.collection, item.recordId)}>{item.label || `#${item.recordId}`}</Link>
                  </ChakraLink>
                  <Text as="span" color="fg.muted" fontSize="sm">
                    in {contentLabel(item.collection)}
                  </Text>
                  <PublicationBadges publication={item} />
                </HStack>
                <Text fontSize="sm" color="fg.muted" mt="1">
                  {item.submittedBy ? `by ${item.submittedBy}` : 'submitted'}
                  {item.submittedAt && (
                    <>
                      {' · '}
                      <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt)}</time>
                    </>
                  )}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
