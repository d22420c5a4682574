import { Box, Flex, Image, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { thumbnailSrc } from '../forms/thumbnail-src';
import { changedFields, fieldChanges, parseState, type FieldChange, type Shown } from './change-values';
import type { HistoryEntry } from './history-operations';

// One history entry's changes, each field as before -> after (long text as its words removed and
// added, pictures as thumbnails), so an editor sees what a restore of it would bring back.

const removedStyle = { bg: 'red.subtle', color: 'red.fg', textDecoration: 'line-through' } as const;
const addedStyle = { bg: 'green.subtle', color: 'green.fg', textDecoration: 'none' } as const;

function Value({ value, label, side }: { value: Shown; label: string; side: 'before' | 'after' }) {
  if (!value) return <Text as="span" color="fg.muted" fontStyle="italic">(empty)</Text>;
  if (value.kind === 'image') {
    return (
      <Image
        src={thumbnailSrc(value.src)}
        alt={`${label} ${side}`}
        title={value.src}
        boxSize="12"
        objectFit="contain"
        rounded="sm"
        borderWidth="1px"
        bg="bg.muted"
        display="inline-block"
        verticalAlign="middle"
      />
    );
  }
  return (
    <Text as={side === 'before' ? 'del' : 'ins'} px="1" rounded="sm" wordBreak="break-word" {...(side === 'before' ? removedStyle : addedStyle)}>
      {value.text}
    </Text>
  );
}

function Change({ change, label }: { change: FieldChange; label: string }) {
  return (
    <Box as="li" fontSize="sm">
      <Text as="span" fontWeight="medium">
        {label}
        <VisuallyHidden>:</VisuallyHidden>
      </Text>{' '}
      {change.formattingOnly ? (
        <Text as="span" color="fg.muted">
          formatting changed (the words are the same)
        </Text>
      ) : change.parts ? (
        <Box whiteSpace="pre-wrap" wordBreak="break-word" mt="1" p="2" rounded="md" bg="bg.subtle" data-testid="text-diff">
          {change.parts.map((part, i) =>
            part.change === 'same' ? (
              <span key={i}>{part.text}</span>
            ) : (
              <Text key={i} as={part.change === 'removed' ? 'del' : 'ins'} {...(part.change === 'removed' ? removedStyle : addedStyle)}>
                <VisuallyHidden>{part.change === 'removed' ? '[removed: ' : '[added: '}</VisuallyHidden>
                {part.text}
                <VisuallyHidden>]</VisuallyHidden>
              </Text>
            ),
          )}
        </Box>
      ) : (
        <Flex as="span" display="inline-flex" gap="1.5" align="center" wrap="wrap" verticalAlign="middle">
          <VisuallyHidden>from </VisuallyHidden>
          <Value value={change.before} label={label} side="before" />
          <span aria-hidden> → </span>
          <VisuallyHidden>to </VisuallyHidden>
          <Value value={change.after} label={label} side="after" />
        </Flex>
      )}
    </Box>
  );
}

/** The changes of one entry (nothing for a create or delete: the whole record came or went). */
export function EntryChanges({ entry, collection, labelOf }: { entry: HistoryEntry; collection: string; labelOf(field: string): string }) {
  if (entry.action === 'create' || entry.action === 'delete' || entry.changed.length === 0) return null;
  const before = parseState(entry.before);
  const after = parseState(entry.after);
  if (entry.action === 'restore' && !before) {
    return (
      <Text fontSize="sm" mt="1">
        Brought back after it was deleted.
      </Text>
    );
  }
  // An answer without the recorded states: the changed fields' names, as before.
  if (!before || !after) {
    return (
      <Text fontSize="sm" mt="1">
        {changedFields(collection, entry.changed).map(labelOf).join(', ')}
      </Text>
    );
  }
  return (
    <Stack as="ul" listStyleType="none" gap="1.5" mt="1.5" aria-label="Changed fields">
      {fieldChanges(collection, entry.changed, before, after).map((change) => (
        <Change key={change.field} change={change} label={change.field === 'displayOrder' ? 'Display order' : labelOf(change.field)} />
      ))}
    </Stack>
  );
}
