import type { ActivityEntryView } from './activity.service.js';

// The activity log as CSV (RFC 4180): every cell quoted, quotes doubled, lines ended by CRLF.
// A cell a spreadsheet would read as a formula (it starts with = + - @, a tab or a carriage
// return: a username tried at sign-in, a record's title) starts with an apostrophe instead, so
// opening the export never runs anything (OWASP "CSV injection").

/** The columns, in order: a header line names them. */
export const CSV_COLUMNS = ['at', 'username', 'kind', 'summary', 'collection', 'recordId', 'details'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised when it could be read as a formula, then quoted. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The header line, after a byte order mark so spreadsheets read the file as UTF-8. */
export const csvHeader = (): string => `\uFEFF${csvLine(CSV_COLUMNS)}`;

export const csvLineOf = (entry: ActivityEntryView): string =>
  csvLine([
    entry.at.toISOString(),
    entry.username,
    entry.kind,
    entry.summary,
    entry.collection,
    entry.recordId,
    entry.details ? JSON.stringify(entry.details) : null,
  ]);
