import { format } from 'date-fns';

export const NEWS_PREVIEW_LIMIT = 3;

/** Landing preview: the featured items (at most 3) if any are featured, otherwise the first 3. */
export function selectNewsPreview<T extends { featured: boolean }>(news: readonly T[]): T[] {
  const featured = news.filter((item) => item.featured);
  return (featured.length > 0 ? featured : news).slice(0, NEWS_PREVIEW_LIMIT);
}

/**
 * 'Jan 5, 2025' style, or null when there is no date. Uses the calendar day in UTC so the server
 * renderer and every browser agree (no hydration mismatch around midnight).
 */
export function formatNewsDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return format(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()), 'MMM d, yyyy');
}
