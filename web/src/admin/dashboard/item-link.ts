import { OPEN_PARAM } from '../collections/use-open-from-link';
import { contentScreenPath, contentTypeOf } from '../shell/content-labels';

/** Where the dashboard sends someone for an item: its collection's screen with its dialog open; a singleton's screen. */
export function itemScreen(collection: string, recordId: number | null | undefined): string {
  const path = contentScreenPath(collection);
  if (!recordId || contentTypeOf(collection)?.kind !== 'collection') return path;
  return `${path}?${OPEN_PARAM}=${recordId}`;
}
