import { formatDateTime, formatDateTimeIn } from '../shell/format-date';

/** When an enquiry arrived, on the firm's clock (the Site screen's time zone); the editor's own clock until that is known. */
export function receivedAt(value: string, timeZone: string | null): string {
  return timeZone ? formatDateTimeIn(value, timeZone) : formatDateTime(value);
}
