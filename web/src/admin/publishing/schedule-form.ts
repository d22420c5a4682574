import { instantFromWallClock, wallClockIn } from '../shell/format-date';

// The schedule form's values and rules: a date and a time on the firm's clock, in the future.

export interface ScheduleValues {
  action: 'publish' | 'unpublish';
  date: string;
  time: string;
}

export const SCHEDULE_MESSAGES = {
  date: 'Choose a date',
  time: 'Choose a time',
  past: 'Choose a time in the future',
} as const;

/** The next full hour on the firm's clock (a sensible first choice). */
export function nextHour(timeZone: string, now = Date.now()): { date: string; time: string } {
  const next = Math.ceil((now + 60_000) / 3_600_000) * 3_600_000;
  return wallClockIn(next, timeZone);
}

/** The form's errors (keyed by field); none means it can be sent. */
export function scheduleErrors(values: ScheduleValues, timeZone: string, now = Date.now()): Partial<Record<'date' | 'time', string>> {
  if (!values.date) return { date: SCHEDULE_MESSAGES.date };
  if (!values.time) return { time: SCHEDULE_MESSAGES.time };
  const at = instantFromWallClock(values.date, values.time, timeZone);
  if (!at) return { date: SCHEDULE_MESSAGES.date };
  if (at.getTime() <= now) return { time: SCHEDULE_MESSAGES.past };
  return {};
}
