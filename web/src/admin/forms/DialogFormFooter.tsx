import { Button, Dialog } from '@chakra-ui/react';

/** The footer of an admin form dialog: Cancel, then the submit button (busy while saving). */
export function DialogFormFooter({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving...">
        Save
      </Button>
    </Dialog.Footer>
  );
}
