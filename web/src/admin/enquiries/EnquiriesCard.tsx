import { Card, Heading, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { usePermissions } from '../auth/use-permissions';
import { useEnquiryCounts } from './use-enquiry-counts';

const number = (n: number) => n.toLocaleString('en-US');

/** The dashboard's line on the inbox (admins only): how many enquiries are unread, linking to them. */
export function EnquiriesCard() {
  const { can } = usePermissions();
  const { counts, failed } = useEnquiryCounts();
  if (!can('enquiries')) return null;
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="dashboard-enquiries" mb="6">
      <Card.Body py="4">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id="dashboard-enquiries">
            Enquiries
          </Heading>
          {failed ? (
            <Text color="fg.error">Failed to load the enquiries.</Text>
          ) : !counts ? (
            <Text color="fg.muted">Loading...</Text>
          ) : counts.total === 0 ? (
            <Text color="fg.muted">No enquiries yet.</Text>
          ) : (
            <HStack gap="3" wrap="wrap">
              <Text>
                <Text as="strong" fontWeight="semibold">
                  {number(counts.unread)} unread
                </Text>{' '}
                <Text as="span" color="fg.muted">
                  of {number(counts.total)}
                </Text>
              </Text>
              <ChakraLink asChild color="brand.fg" fontWeight="medium">
                <Link to={counts.unread > 0 ? '/admin/enquiries?status=unread' : '/admin/enquiries'}>{counts.unread > 0 ? 'Read the unread enquiries' : 'Open the enquiries'}</Link>
              </ChakraLink>
            </HStack>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
