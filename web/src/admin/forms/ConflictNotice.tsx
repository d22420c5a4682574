import { Alert, Button } from '@chakra-ui/react';

/** The save was refused because the record changed since the form loaded it (GraphQL CONFLICT). */
export function ConflictNotice({ onReload, reloading }: { onReload: () => void; reloading: boolean }) {
  return (
    <Alert.Root status="warning" alignItems="center" mb="4">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Someone else changed this item since you opened it.</Alert.Title>
        <Alert.Description>Reload it to see the current version; your unsaved edits here will be replaced.</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onReload} loading={reloading} loadingText="Reloading...">
        Reload
      </Button>
    </Alert.Root>
  );
}
