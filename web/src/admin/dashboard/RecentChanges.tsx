import { Badge, Box, Card, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { AdminDashboardQuery } from '../../graphql/generated/graphql';
import { contentLabel, contentScreenPath, contentTypeOf } from '../shell/content-labels';
import { formatDateTime } from '../shell/format-date';

// The dashboard's first card: what changed lately across the content, who did it and when, each
// change a link to the screen where it can be looked at (a collection's list searched for it).

type Change = AdminDashboardQuery['recentChanges'][number];

const ACTION: Record<string, { label: string; palette: string }> = {
  create: { label: 'Added', palette: 'green' },
  update: { label: 'Edited', palette: 'gray' },
  delete: { label: 'Deleted', palette: 'red' },
  restore: { label: 'Restored', palette: 'blue' },
  move: { label: 'Moved', palette: 'gray' },
  draft: { label: 'Draft saved', palette: 'orange' },
  discard: { label: 'Draft discarded', palette: 'gray' },
  publish: { label: 'Published', palette: 'green' },
  unpublish: { label: 'Unpublished', palette: 'red' },
  submit: { label: 'Submitted for review', palette: 'purple' },
};

/** Where a change can be looked at: its collection's list, searched for the record when it is still there and searchable. */
function screenOf(change: Change): string {
  const path = contentScreenPath(change.collection);
  const type = contentTypeOf(change.collection);
  const searchable = type?.listing?.search.some((field) => type.fields[field]?.kind === 'text');
  return change.recordName && searchable && change.action !== 'delete' ? `${path}?q=${encodeURIComponent(change.recordName.slice(0, 100))}` : path;
}

/** The labels of the fields an edit changed, as the form names them, in the form's order. */
function fieldsOf(change: Change): string {
  const fields = (contentTypeOf(change.collection)?.fields ?? {}) as Record<string, { label: string }>;
  const order = Object.keys(fields);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return change.changed
    .filter((name) => name !== 'version' && name !== 'createdAt')
    .sort((a, b) => rank(a) - rank(b))
    .map((name) => fields[name]?.label ?? (name === 'displayOrder' ? 'Display order' : name))
    .join(', ');
}

function ChangeRow({ change }: { change: Change }) {
  const action = ACTION[change.action] ?? { label: change.action, palette: 'gray' };
  const collection = contentLabel(change.collection);
  const type = contentTypeOf(change.collection);
  const name = change.recordName ?? (type?.kind === 'singleton' ? collection : `${type?.labels.singular ?? collection} #${change.recordId}`);
  const fields = ['update', 'restore', 'draft', 'publish'].includes(change.action) ? fieldsOf(change) : '';
  return (
    <Box as="li" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <HStack gap="2" align="baseline" wrap="wrap">
        <Badge variant="subtle" colorPalette={action.palette} flexShrink={0}>
          {action.label}
        </Badge>{' '}
        <ChakraLink asChild fontWeight="medium" color="brand.fg" minW="0" wordBreak="break-word">
          <Link to={screenOf(change)}>{name}</Link>
        </ChakraLink>
        {type?.kind !== 'singleton' && (
          <Text as="span" color="fg.muted" fontSize="sm">
            {' '}
            in {collection}
          </Text>
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {change.username ? `by ${change.username}` : 'initial content'} · <time dateTime={change.at}>{formatDateTime(change.at)}</time>
        {fields && ` · ${fields}`}
      </Text>
    </Box>
  );
}

/** The latest changes, newest first. */
export function RecentChanges({ changes }: { changes: Change[] }) {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="recent-changes">
      <Card.Header pb="0">
        <Heading as="h2" size="md" id="recent-changes">
          Recent changes
        </Heading>
      </Card.Header>
      <Card.Body pt="1">
        {changes.length === 0 ? (
          <Text color="fg.muted" py="3">
            No changes yet. Edits made on the content screens show here, with who made them and when.
          </Text>
        ) : (
          <Stack as="ol" gap="0" listStyleType="none" aria-label="Recent changes, newest first">
            {changes.map((change) => (
              <ChangeRow key={change.id} change={change} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
