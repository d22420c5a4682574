import { once } from 'node:events';
import type { Response } from 'express';
import { csvLine } from '../activity/activity-csv.js';
import { callerOf } from '../auth/session.js';
import { errors } from '../http/doc-parts.js';
import { adminApiRoute, API_ROOT, type Route } from '../http/route.js';
import { emOf } from '../shared/request-context.js';
import { ENQUIRY_STATUSES, MAX_SEARCH_LENGTH, type EnquiryView } from './inbox-query.js';
import { enquiryExport } from './inbox.service.js';

// The inbox's REST row (the GraphQL twin: inbox.resolver.ts): every enquiry the filter selects,
// newest first, as a CSV download streamed in batches. Admins (the `enquiries` permission).

/** The CSV's columns, in order: a header line names them. */
export const ENQUIRY_CSV_COLUMNS = ['id', 'receivedAt', 'name', 'email', 'organisation', 'service', 'message', 'handledAt', 'handledBy', 'consentText'] as const;

/**
 * One enquiry as a CSV line: every cell quoted, quotes doubled, a cell a spreadsheet would read as
 * a formula (a visitor's `=HYPERLINK(...)` as their name) prefixed with an apostrophe (activity-csv.ts).
 */
export const enquiryCsvLine = (enquiry: EnquiryView): string =>
  csvLine([
    enquiry.id,
    enquiry.createdAt.toISOString(),
    enquiry.name,
    enquiry.email,
    enquiry.organisation,
    enquiry.serviceLabel,
    enquiry.message,
    enquiry.handledAt?.toISOString() ?? null,
    enquiry.handledBy,
    enquiry.consentText,
  ]);

/** The header line, after a byte order mark so spreadsheets read the file as UTF-8. */
export const enquiryCsvHeader = (): string => `\uFEFF${csvLine(ENQUIRY_CSV_COLUMNS)}`;

const query = (name: string, description: string, schema: Record<string, unknown>) => ({ name, in: 'query', required: false, description, schema });

/** Writes a chunk, waiting while the client reads slower than the database gives (memory stays bounded). */
async function write(res: Response, chunk: string): Promise<void> {
  if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
}

export function inboxRoutes(): Route[] {
  return [
    adminApiRoute({
      access: 'enquiries',
      method: 'GET',
      path: `${API_ROOT}/enquiries.csv`,
      doc: {
        tags: ['Enquiries'],
        operationId: 'exportEnquiries',
        summary: 'Every enquiry (deleted ones left out) as a CSV download, newest first, with the inbox filter.',
        parameters: [
          query('search', `Only those whose name, email, organisation or message contains this text, ignoring case (at most ${MAX_SEARCH_LENGTH} characters).`, { type: 'string' }),
          query('status', `${ENQUIRY_STATUSES.join(', ')} (absent: ALL); lower case too.`, { type: 'string', enum: [...ENQUIRY_STATUSES, ...ENQUIRY_STATUSES.map((s) => s.toLowerCase())] }),
        ],
        responses: {
          200: {
            description: `The CSV file (UTF-8 with a byte order mark): ${ENQUIRY_CSV_COLUMNS.join(', ')}. Cells a spreadsheet would read as a formula start with an apostrophe.`,
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...errors(400, 401, 403),
        },
      },
      serve: () => async (req, res) => {
        const batches = await enquiryExport(emOf(req), callerOf(req), req.query);
        const day = new Date().toISOString().slice(0, 10);
        res.status(200);
        res.set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="enquiries-${day}.csv"`,
          'Cache-Control': 'no-store',
        });
        try {
          await write(res, enquiryCsvHeader());
          for await (const batch of batches) {
            if (res.destroyed) return;
            await write(res, batch.map(enquiryCsvLine).join(''));
          }
          res.end();
        } catch (error) {
          // The file has begun: an answer can no longer say what went wrong; the download breaks.
          if (!res.headersSent) throw error;
          res.destroy(error instanceof Error ? error : undefined);
        }
      },
    }),
  ];
}
