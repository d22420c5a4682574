import { Box, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { Publication, PublicationPage } from '../publishing/publication-operations';
import { PublicationBadges } from '../publishing/PublicationBadges';
import { formatDateTime } from '../shell/format-date';

/**
 * Above a collection's table: its items that are not on the site (drafts never published, items
 * taken off), with their state, "In review" and "Scheduled"; each opens the record dialog.
 * Nothing at all when every item is on the site.
 */
export function NotOnSite({ collection, noun, page, onOpen }: { collection: string; noun: string; page: PublicationPage | undefined; onOpen(item: Publication): void }) {
  if (!page || page.total === 0) return null;
  const headingId = `${collection}-not-on-site`;
  return (
    <Card.Root variant="outline" mb="6" as="section" aria-labelledby={headingId}>
      <Card.Body p={{ base: '3', md: '4' }}>
        <Heading as="h2" size="md" id={headingId} mb="1">
          Not on the site ({page.total.toLocaleString('en-US')})
        </Heading>
        <Text fontSize="sm" color="fg.muted" mb="3">
          Drafts and unpublished {noun}: only staff see them.
        </Text>
        <Stack as="ul" gap="0" listStyleType="none">
          {page.items.map((item, index) => (
            <HStack as="li" key={item.recordId} py="2" gap="3" wrap="wrap" justify="space-between" borderTopWidth={index > 0 ? '1px' : undefined}>
              <Box minW="0" flex="1">
                <Button variant="plain" p="0" h="auto" minW="0" fontWeight="medium" textDecoration="underline" textUnderlineOffset="3px" whiteSpace="normal" textAlign="start" onClick={() => onOpen(item)}>
                  {item.label || `Untitled (#${item.recordId})`}
                </Button>
                {item.updatedAt && (
                  <Text fontSize="xs" color="fg.muted">
                    {item.updatedBy ? `${item.updatedBy}, ` : ''}
                    {formatDateTime(item.updatedAt)}
                  </Text>
                )}
              </Box>
              <PublicationBadges publication={item} />
            </HStack>
          ))}
        </Stack>
        {page.total > page.items.length && (
          <Text fontSize="sm" color="fg.muted" mt="2">
            Showing the latest {page.items.length} of {page.total.toLocaleString('en-US')}.
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
