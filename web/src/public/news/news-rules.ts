import { DEFAULT_DAY_ZONE, formatDay, type DayZone } from '../site/dates';

// The landing preview's rule (which news it shows) is the server's: api/src/content/previews.service.ts.

/**
 * 'Jan 5, 2025' style, or null when there is no date: the calendar day in the firm's time zone
 * (UTC by default), so the server renderer and every browser agree (no hydration mismatch around
 * midnight).
 */
export function formatNewsDate(value: string | null | undefined, zone: DayZone = DEFAULT_DAY_ZONE): string | null {
  return formatDay(value, zone);
}

/** The news feed (an Atom feed the api serves), named in the head of every news page for feed readers. */
export const newsFeed = (firmName: string) => ({ title: `${firmName} news`, href: '/news/feed.xml' });
