import { FIRM_NAME } from '../firm';

// The landing preview's rule (which news it shows) is the server's: api/src/content/previews.service.ts.

/** Intl instead of a date library: the browser already has it (no JavaScript to download). */
const NEWS_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * 'Jan 5, 2025' style, or null when there is no date. Uses the calendar day in UTC so the server
 * renderer and every browser agree (no hydration mismatch around midnight).
 */
export function formatNewsDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return NEWS_DATE.format(date);
}

/** The news feed (an Atom feed the api serves), named in the head of every news page for feed readers. */
export const NEWS_FEED = { title: `${FIRM_NAME} news`, href: '/news/feed.xml' };
