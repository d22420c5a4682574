// Calendar days as the site shows them: in the firm's time zone (the server renderer and every
// browser then agree on the day, so hydration matches), in the site's language (its texts are
// English) with the conventions of the firm's region (en-US: Jan 5, 2025; de-DE: 5 Jan 2025).
// Intl instead of a date library: the browser already has it.

/** The settings a day's format depends on. */
export interface DayZone {
  locale: string;
  timeZone: string;
}

export const DEFAULT_DAY_ZONE: DayZone = { locale: 'en-US', timeZone: 'UTC' };

const STYLES = {
  /** Jan 5, 2025 */
  short: { month: 'short', day: 'numeric', year: 'numeric' },
  /** January 5, 2025 */
  long: { month: 'long', day: 'numeric', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor({ locale, timeZone }: DayZone, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${style}`;
  let format = formats.get(key);
  if (!format) {
    const region = /^[a-z]{2,3}-([A-Z]{2})$/.exec(locale)?.[1] ?? 'US';
    try {
      format = new Intl.DateTimeFormat(`en-${region}`, { ...STYLES[style], timeZone });
    } catch {
      // A zone this runtime does not know: the day in UTC.
      format = new Intl.DateTimeFormat(`en-${region}`, { ...STYLES[style], timeZone: 'UTC' });
    }
    formats.set(key, format);
  }
  return format;
}

/** The calendar day of an ISO 8601 instant in the firm's zone, or null when there is no date. */
export function formatDay(value: string | null | undefined, zone: DayZone = DEFAULT_DAY_ZONE, style: keyof typeof STYLES = 'short'): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return formatFor(zone, style).format(date);
}

/** This year in the firm's time zone (the server and the browsers agree on it, even on New Year's Eve). */
export function currentYear({ timeZone }: DayZone, now: Date = new Date()): number {
  try {
    return Number(new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }).format(now));
  } catch {
    return now.getUTCFullYear();
  }
}
