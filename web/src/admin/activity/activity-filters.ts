// The activity screen's filters: what the person chose (text, a group, two days) and what the API
// is asked (username, kind, from, to as instants). The CSV link carries the same filter.

/** The kind groups of the screen's select: each is a kind filter the API understands (a kind, a group `content.`, or several). */
export const KIND_GROUPS: readonly { label: string; value: string }[] = [
  { label: 'All kinds', value: '' },
  { label: 'Sign-ins', value: 'sign-' },
  { label: 'Failed sign-ins', value: 'sign-in-failed' },
  { label: 'Content', value: 'content.create,content.update,content.delete,content.restore,content.move,content.draft,content.discard,content.submit' },
  { label: 'Publishing', value: 'content.publish,content.unpublish,content.schedule,content.unschedule,job.late' },
  { label: 'Accounts', value: 'account.' },
  { label: 'Webhooks', value: 'webhook.' },
  { label: 'Enquiries', value: 'enquiry.' },
];

/** What each kind of entry is called in the table. */
export const KIND_LABELS: Record<string, string> = {
  'sign-in': 'Sign-in',
  'sign-out': 'Sign-out',
  'sign-in-failed': 'Failed sign-in',
  'sign-in.new-browser': 'New browser',
  'content.create': 'Created',
  'content.update': 'Updated',
  'content.delete': 'Deleted',
  'content.restore': 'Restored',
  'content.move': 'Moved',
  'content.draft': 'Draft saved',
  'content.discard': 'Draft discarded',
  'content.publish': 'Published',
  'content.unpublish': 'Unpublished',
  'content.submit': 'Submitted for review',
  'content.schedule': 'Scheduled',
  'content.unschedule': 'Schedule cancelled',
  'job.late': 'Ran late',
  'account.create': 'Account added',
  'account.delete': 'Account removed',
  'account.role': 'Role changed',
  'account.password': 'Password changed',
  'account.totp': 'Authenticator app changed',
  'account.passkey': 'Passkey changed',
  'account.recovery-codes': 'Recovery codes changed',
  'account.second-factor-reset': 'Second factors reset',
  'account.sessions': 'Sessions ended',
  'account.policy': 'Sign-in policy changed',
  'webhook.create': 'Webhook added',
  'webhook.update': 'Webhook changed',
  'webhook.delete': 'Webhook removed',
  'enquiry.handle': 'Enquiry handled',
  'enquiry.unhandle': 'Enquiry back to unread',
  'enquiry.delete': 'Enquiry deleted',
  'enquiry.restore': 'Enquiry restored',
};

export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind;

export interface ActivityFilterValues {
  /** A username, as typed. */
  person: string;
  /** One of KIND_GROUPS' values. */
  kind: string;
  /** Days as a date field gives them ('2026-11-24'); '' when not chosen. */
  from: string;
  to: string;
}

export const NO_FILTER: ActivityFilterValues = { person: '', kind: '', from: '', to: '' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a day on the editor's clock, or null when the text is no day. */
export function startOfDay(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A problem with the chosen days, in words, or null. */
export function dateRangeProblem({ from, to }: ActivityFilterValues): string | null {
  const start = startOfDay(from);
  const end = startOfDay(to);
  if (start && end && end < start) return 'The end date is before the start date';
  return null;
}

/**
 * The API's filter: the username trimmed, the kind group, `from` the start of the first day and
 * `to` the start of the day after the last (both days count, on the editor's clock). Empty ones left out.
 */
export function apiFilter(values: ActivityFilterValues): { username?: string; kind?: string; from?: string; to?: string } {
  const filter: { username?: string; kind?: string; from?: string; to?: string } = {};
  const person = values.person.trim();
  if (person) filter.username = person;
  if (values.kind) filter.kind = values.kind;
  const start = startOfDay(values.from);
  if (start) filter.from = start.toISOString();
  const end = startOfDay(values.to);
  if (end) filter.to = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1).toISOString();
  return filter;
}

/** The CSV export of the same filter. */
export function exportHref(values: ActivityFilterValues): string {
  const query = new URLSearchParams(apiFilter(values)).toString();
  return `/api/admin/activity.csv${query ? `?${query}` : ''}`;
}
