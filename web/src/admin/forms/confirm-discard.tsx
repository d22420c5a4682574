import { useEffect, useState } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { anyDirtyForm } from './drafts';

// One "Discard unsaved changes?" dialog for the whole admin (rendered once by AdminApp), asked
// through a promise so any close or navigation path can await the answer.

type Ask = (resolve: (discard: boolean) => void) => void;
let ask: Ask | null = null;

/** Resolves true when nothing is dirty or the user chose to discard; false to stay. */
export function confirmDiscard(): Promise<boolean> {
  if (!anyDirtyForm() || !ask) return Promise.resolve(true);
  return new Promise((resolve) => ask!(resolve));
}

export function ConfirmDiscardHost() {
  const [pending, setPending] = useState<((discard: boolean) => void) | null>(null);
  useEffect(() => {
    ask = (resolve) => setPending(() => resolve);
    return () => {
      ask = null;
    };
  }, []);
  const answer = (discard: boolean) => {
    pending?.(discard);
    setPending(null);
  };
  return (
    <Dialog.Root
      role="alertdialog"
      open={pending !== null}
      onOpenChange={(e) => {
        if (!e.open) answer(false);
      }}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Discard unsaved changes?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>You have changes that are not saved yet. If you leave now they are lost.</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => answer(false)}>
                Keep editing
              </Button>
              <Button colorPalette="red" onClick={() => answer(true)}>
                Discard changes
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
