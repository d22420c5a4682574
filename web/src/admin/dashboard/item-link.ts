import { contentScreenPath, contentTypeOf } from '../shell/content-labels';

/**
 * Where the dashboard sends someone for an item: its collection's screen, searched for it when it
 * is on the site (an item not on the site is listed above the table there); a singleton's screen.
 */
export function itemScreen(collection: string, label: string | null | undefined, live: boolean): string {
  const path = contentScreenPath(collection);
  const type = contentTypeOf(collection);
  if (!label || !live || type?.kind !== 'collection') return path;
  return `${path}?q=${encodeURIComponent(label.slice(0, 100))}`;
}
