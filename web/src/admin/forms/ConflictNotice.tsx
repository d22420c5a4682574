import { Alert, Button } from '@chakra-ui/react';
import { formatDateTime } from '../shell/format-date';

/** Who made the change a stale save ran into, and when (the CONFLICT error's extensions). */
export interface LastChange {
  changedBy: string | null;
  changedAt: string | null;
}

/** A refused stale save, while the notice is up: the change it ran into; reloading while the current record loads. */
export interface Conflict {
  change: LastChange;
  reloading: boolean;
}

function whoAndWhen({ changedBy, changedAt }: LastChange): string | null {
  if (!changedBy) return null;
  const at = changedAt ? formatDateTime(changedAt) : '';
  return at ? `${changedBy} saved a change on ${at}.` : `${changedBy} saved a change.`;
}

/** The save was refused because the record changed since the form loaded it (GraphQL CONFLICT). */
export function ConflictNotice({ conflict, onReload }: { conflict: Conflict; onReload: () => void }) {
  const changed = whoAndWhen(conflict.change);
  return (
    <Alert.Root status="warning" alignItems="center" mb="4">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Someone else changed this item since you opened it.</Alert.Title>
        <Alert.Description>
          {changed && `${changed} `}Reload it to see the current version; your unsaved edits here will be replaced.
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onReload} loading={conflict.reloading} loadingText="Reloading...">
        Reload
      </Button>
    </Alert.Root>
  );
}
