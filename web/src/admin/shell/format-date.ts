// The admin's one way of writing dates and times. The firm's locale is US English: the public site
// prints news dates as 'MMM d, yyyy' (product spec) and the admin's numbers as en-US, so the admin
// writes "Nov 24, 2026" and "Nov 24, 2026, 5:31 AM". Times are the editor's own clock; a date
// alone (a news article's date) is the UTC calendar day, the day the public page shows.

const LOCALE = 'en-US';

const DATE = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

type DateInput = string | number | Date;

function valid(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 24, 2026" (the UTC day); an unreadable value: an empty string. */
export function formatDate(value: DateInput): string {
  const date = valid(value);
  return date ? DATE.format(date) : '';
}

/** "Nov 24, 2026, 5:31 AM" in the editor's time zone; an unreadable value: an empty string. */
export function formatDateTime(value: DateInput): string {
  const date = valid(value);
  return date ? DATE_TIME.format(date) : '';
}
