import { Badge, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../shell/format-date';
import type { PreviewLink } from './publication-operations';

function stateOf(link: PreviewLink, now: number): { label: string; palette: string; active: boolean } {
  if (link.revokedAt) return { label: 'Revoked', palette: 'red', active: false };
  if (new Date(link.expiresAt).getTime() <= now) return { label: 'Expired', palette: 'gray', active: false };
  return { label: 'Active', palette: 'green', active: true };
}

/** The item's preview links: who made each, when it expires, whether it still works; Revoke on the working ones. */
export function PreviewLinkList({
  links,
  failed,
  revoking,
  onRevoke,
}: {
  /** null while loading. */
  links: PreviewLink[] | null;
  failed: boolean;
  revoking: string | null;
  onRevoke(id: string): void;
}) {
  const now = Date.now();
  return (
    <Box>
      <Heading as="h3" size="sm" mb="2">
        Links to this item
      </Heading>
      {failed ? (
        <Text color="fg.error" fontSize="sm">
          Failed to load the links. Please try again later.
        </Text>
      ) : !links ? (
        <Text color="fg.muted" fontSize="sm">
          Loading...
        </Text>
      ) : links.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No links yet.
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Preview links">
          {links.map((link, index) => {
            const state = stateOf(link, now);
            const made = `Made ${formatDateTime(link.createdAt)}${link.createdBy ? ` by ${link.createdBy}` : ''}`;
            const ends = state.label === 'Revoked' ? `revoked ${formatDateTime(link.revokedAt!)}` : `${state.active ? 'expires' : 'expired'} ${formatDateTime(link.expiresAt)}`;
            return (
              <HStack as="li" key={link.id} justify="space-between" wrap="wrap" gap="2" borderWidth="1px" rounded="md" px="3" py="2">
                <HStack gap="2" wrap="wrap" minW="0">
                  <Badge variant="subtle" colorPalette={state.palette}>
                    {state.label}
                  </Badge>
                  <Text fontSize="sm">
                    {made}, {ends}
                  </Text>
                </HStack>
                {state.active && (
                  <Button size="xs" variant="outline" colorPalette="red" aria-label={`Revoke link ${index + 1}, made ${formatDateTime(link.createdAt)}`} loading={revoking === link.id} onClick={() => onRevoke(link.id)}>
                    Revoke
                  </Button>
                )}
              </HStack>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
