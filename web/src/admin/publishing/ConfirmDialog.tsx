import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useDialogContainer } from './dialog-container';

/** Asks before an action that cannot be undone from the form (discarding a draft). */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const container = useDialogContainer();
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" size="sm">
      <Portal container={container}>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{body}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Keep it
              </Button>
              <Button colorPalette="red" loading={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
