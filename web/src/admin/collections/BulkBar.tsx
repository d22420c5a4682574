import { useState } from 'react';
import { Box, Button, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { Star, StarOff, Trash, X } from 'lucide-react';

/** '3 news articles', '1 country', '2 contact info entries'. */
export function countOf(n: number, noun: string): string {
  if (n === 1) return `1 ${noun}`;
  const plural = /info$/.test(noun) ? `${noun} entries` : /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`;
  return `${n.toLocaleString('en-US')} ${plural}`;
}

/**
 * What can be done with the selected rows: delete (after a confirmation), feature, unfeature.
 * The count of selected rows is announced (aria-live) as it changes.
 */
export function BulkBar({
  selected,
  noun,
  featured,
  busy,
  onDelete,
  onFeature,
  onClear,
}: {
  selected: number;
  noun: string;
  /** Offer Feature / Unfeature (types with the flag). */
  featured: boolean;
  busy: 'delete' | 'feature' | 'unfeature' | null;
  onDelete(): Promise<void>;
  onFeature(featured: boolean): void;
  onClear(): void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {/* Always in the page so the count is announced when it changes. */}
      <Box aria-live="polite" srOnly>
        {selected > 0 ? `${countOf(selected, noun)} selected` : ''}
      </Box>
      {selected > 0 && (
        <HStack
          role="toolbar"
          aria-label="Selected rows"
          position="sticky"
          bottom={{ base: '2', md: '4' }}
          zIndex="docked"
          mt="3"
          px="3"
          py="2"
          gap="2"
          wrap="wrap"
          borderWidth="1px"
          rounded="lg"
          bg="brand.subtle"
          borderColor="brand.muted"
          shadow="lg"
        >
          <Text fontSize="sm" fontWeight="medium" me="auto">
            {countOf(selected, noun)} selected
          </Text>
          {featured && (
            <>
              <Button size="sm" variant="outline" bg="bg" loading={busy === 'feature'} onClick={() => onFeature(true)}>
                <Star /> Feature
              </Button>
              <Button size="sm" variant="outline" bg="bg" loading={busy === 'unfeature'} onClick={() => onFeature(false)}>
                <StarOff /> Unfeature
              </Button>
            </>
          )}
          <Button size="sm" colorPalette="red" loading={busy === 'delete'} onClick={() => setConfirming(true)}>
            <Trash /> Delete selected
          </Button>
          <Button size="sm" variant="ghost" onClick={onClear}>
            <X /> Clear selection
          </Button>
        </HStack>
      )}
      <Dialog.Root role="alertdialog" open={confirming} onOpenChange={(details) => !details.open && setConfirming(false)} placement="center" size="sm">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4">
              <Dialog.Header>
                <Dialog.Title>Delete {countOf(selected, noun)}?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>They disappear from the site at once. Undo in the message that follows brings them back.</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
                <Button
                  colorPalette="red"
                  onClick={() => {
                    setConfirming(false);
                    void onDelete();
                  }}
                >
                  Delete
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
