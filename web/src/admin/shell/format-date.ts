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

// The firm's time zone (the API's `siteTimeZone`): scheduled times are chosen and shown there,
// whatever the editor's own clock says, and sent to the API in UTC.

const zoned = new Map<string, Intl.DateTimeFormat>();
function formatterIn(timeZone: string, parts: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${parts}`;
  let formatter = zoned.get(key);
  if (!formatter) {
    formatter = parts
      ? new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      : new Intl.DateTimeFormat(LOCALE, { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    zoned.set(key, formatter);
  }
  return formatter;
}

/** "Nov 24, 2026, 5:31 PM" on the clock of `timeZone`; an unreadable value: an empty string. */
export function formatDateTimeIn(value: DateInput, timeZone: string): string {
  const date = valid(value);
  return date ? formatterIn(timeZone, false).format(date) : '';
}

/** The wall clock of `timeZone` at `date`: { date: '2026-11-24', time: '17:31' }. */
export function wallClockIn(value: DateInput, timeZone: string): { date: string; time: string } {
  const date = valid(value) ?? new Date();
  const part = Object.fromEntries(formatterIn(timeZone, true).formatToParts(date).map((p) => [p.type, p.value]));
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}

/** Minutes `timeZone` is ahead of UTC at `date` (Asia/Kuwait: 180). */
function offsetMinutes(date: Date, timeZone: string): number {
  const part = Object.fromEntries(formatterIn(timeZone, true).formatToParts(date).map((p) => [p.type, Number(p.value)]));
  const asUtc = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall clock of `timeZone` shows ('2026-11-24', '17:31'); null when the date or time
 * is unreadable. A time skipped by a clock change moves forward by the change, as clocks do.
 */
export function instantFromWallClock(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const guess = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(guess)) return null;
  // The offset at the guess, then at the corrected instant (they differ only near a clock change).
  const first = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  const second = guess - offsetMinutes(new Date(first), timeZone) * 60_000;
  const shows = (instant: number) => {
    const wall = wallClockIn(instant, timeZone);
    return wall.date === date && wall.time === time;
  };
  if (shows(second)) return new Date(second);
  if (shows(first)) return new Date(first);
  // A time the clock skipped: the later reading, i.e. moved forward by the change.
  return new Date(Math.max(first, second));
}

/** "Asia/Kuwait (GMT+3)": the zone's name and its offset now. */
export function timeZoneLabel(timeZone: string, at: DateInput = Date.now()): string {
  const minutes = offsetMinutes(valid(at) ?? new Date(), timeZone);
  if (minutes === 0) return `${timeZone} (GMT)`;
  const sign = minutes > 0 ? '+' : '-';
  const h = Math.floor(Math.abs(minutes) / 60);
  const m = Math.abs(minutes) % 60;
  return `${timeZone} (GMT${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''})`;
}
