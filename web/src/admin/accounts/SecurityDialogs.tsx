import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';

/**
 * Asks before a security change (removing a factor, new recovery codes, the sign-in policy). The
 * server's refusal, when it gives one, is said inside the dialog, which stays open.
 */
export function SecurityConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive = true,
  busy,
  error,
  errorAction,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for removing and ending; the brand colour otherwise. */
  destructive?: boolean;
  busy: boolean;
  /** The server's refusal, shown under the text (and announced). */
  error?: string | null;
  /** What to do about the refusal (a link), under it. */
  errorAction?: ReactNode;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size={{ base: 'xs', sm: 'sm' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {children}
                <div role="alert">
                  {error && (
                    <Stack gap="1">
                      <Text color="fg.error" fontWeight="medium">
                        {error}
                      </Text>
                      {errorAction}
                    </Stack>
                  )}
                </div>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button colorPalette={destructive ? 'red' : 'brand'} loading={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A dialog around a setup step (the shared TotpSetup, PasskeySetup, RecoveryCodes). */
export function SecurityStepDialog({ open, title, children, onClose }: { open: boolean; title: string; children: ReactNode; onClose(): void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size={{ base: 'xs', sm: 'md' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
