import { Button, Dialog } from '@chakra-ui/react';

/** The footer of an admin form dialog: Cancel, then the submit button (busy while it works). */
export function DialogFormFooter({
  onCancel,
  saving,
  submitLabel = 'Save',
  busyLabel = 'Saving...',
}: {
  onCancel: () => void;
  saving: boolean;
  submitLabel?: string;
  busyLabel?: string;
}) {
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" colorPalette="brand" loading={saving} loadingText={busyLabel}>
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}
