import { useState } from 'react';
import { Button, Card, Heading, HStack } from '@chakra-ui/react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import type { FieldSpec } from '../forms/field-spec';
import { HistoryPanel } from '../history/HistoryPanel';

/** Below a singleton's form: its changes, newest first, shown on request; an earlier one can be restored. */
export function SingletonHistory({
  path,
  collection,
  record,
  fields,
  onRestored,
  canRestore = true,
}: {
  /** Route under /admin (names the card's ids). */
  path: string;
  /** REST path of the type (names the history). */
  collection: string;
  record: { id: number; version?: number };
  fields: FieldSpec[];
  onRestored(): void;
  /** The role may restore an earlier version (it goes on the site). */
  canRestore?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card.Root variant="outline" mt="6">
      {/* A card's header has no padding below (its body gives it): collapsed, it needs its own. */}
      <Card.Header pb={open ? undefined : 'var(--card-padding)'}>
        <HStack justify="space-between">
          <Heading as="h2" size="md" id={`${path}-history`}>
            History
          </Heading>
          <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={`${path}-history-panel`} onClick={() => setOpen((o) => !o)}>
            {open ? <ChevronUp /> : <ChevronDown />} {open ? 'Hide changes' : 'Show changes'}
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body id={`${path}-history-panel`} pt="2" hidden={!open} aria-labelledby={`${path}-history`}>
        {open && (
          <HistoryPanel
            // A save or restore makes a new version: list the changes again.
            key={record.version}
            collection={collection}
            id={record.id}
            labelOf={(name) => fields.find((f) => f.name === name)?.label ?? name}
            onRestored={onRestored}
            canRestore={canRestore}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}
