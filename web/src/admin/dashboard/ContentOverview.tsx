import { Box, Card, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminDashboardQuery } from '../../graphql/generated/graphql';
import { usePermissions } from '../auth/use-permissions';
import { CONTENT_SCREENS } from '../content-screens';
import { ADMIN_CONTENT_TYPES } from '../content-definitions';

// The dashboard's second card: every content screen the account's role opens (as the sidebar
// shows them), in the sidebar's order, with how many records each collection holds, each a link
// to its screen.

type Counts = AdminDashboardQuery['collectionCounts'];

function summaryOf(path: string, counts: Counts): string {
  const type = ADMIN_CONTENT_TYPES.find((t) => t.adminPath === path);
  if (!type) return 'Receivers of change events';
  if (type.kind === 'singleton') return 'One page of settings';
  const count = counts.find((c) => c.collection === type.restPath)?.count;
  if (count === undefined) return '';
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;
}

export function ContentOverview({ counts }: { counts: Counts }) {
  const { can } = usePermissions();
  const screens = CONTENT_SCREENS.filter((screen) => !screen.permission || can(screen.permission));
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="content-overview">
      <Card.Header pb="0">
        <Heading as="h2" size="md" id="content-overview">
          Content
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        <Stack as="ul" gap="0" listStyleType="none" aria-label="Content screens">
          {screens.map(({ path, label, icon: Icon }) => (
            <Box as="li" key={path} borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
              <ChakraLink asChild display="flex" py="2.5" gap="3" alignItems="center" textDecoration="none" _hover={{ bg: 'bg.subtle' }} rounded="md" px="1">
                <Link to={`/admin/${path}`}>
                  <Flex color="brand.fg" bg="brand.subtle" rounded="md" p="1.5" flexShrink={0} aria-hidden>
                    <Icon size={16} />
                  </Flex>
                  <Text as="span" flex="1" fontWeight="medium" color="fg">
                    {label}
                  </Text>
                  <Text as="span" fontSize="sm" color="fg.muted" textAlign="end">
                    {summaryOf(path, counts)}
                  </Text>
                  <Box as="span" color="fg.muted" aria-hidden>
                    <ChevronRight size={16} />
                  </Box>
                </Link>
              </ChakraLink>
            </Box>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
