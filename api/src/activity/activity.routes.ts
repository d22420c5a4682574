import { once } from 'node:events';
import type { Response } from 'express';
import { callerOf } from '../auth/session.js';
import { errors, json } from '../http/doc-parts.js';
import { ADMIN_API_ROOT, adminApiRoute, type Route } from '../http/route.js';
import { emOf } from '../shared/request-context.js';
import { csvHeader, csvLineOf } from './activity-csv.js';
import { activityExport, activityPage, DEFAULT_ACTIVITY_PAGE, MAX_ACTIVITY_PAGE, MAX_EXPORT_ROWS } from './activity.service.js';

// The REST rows of the activity log (the GraphQL twin: activity.resolver.ts): a page of the
// filtered entries as JSON, and all of them (the newest MAX_EXPORT_ROWS) as a CSV download.

const tags = ['Activity'];
const root = `${ADMIN_API_ROOT}/activity`;

const query = (name: string, description: string, schema: Record<string, unknown>) => ({ name, in: 'query', required: false, description, schema });

const filterParameters = [
  query('username', 'Only the entries of this person (exact username; `scheduler` for scheduled jobs).', { type: 'string', maxLength: 200 }),
  query('kind', "Only entries of these kinds: a kind (`sign-in`), a group (`content.`, `sign-`, `account.`), or several separated by commas.", { type: 'string' }),
  query('from', 'Only entries at or after this time (ISO 8601).', { type: 'string' }),
  query('to', 'Only entries before this time (ISO 8601).', { type: 'string' }),
];

const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });

/** An entry as both rows answer it (the GraphQL ActivityEntry's fields). */
export const activityEntrySchema = {
  type: 'object',
  description: 'One entry of the activity log.',
  properties: {
    id: { type: 'string', description: 'The id of the entry.' },
    at: { type: 'string', format: 'date-time', description: 'When it happened.' },
    username: nullable('string', "Who: a username, 'scheduler', or the username tried by a failed sign-in."),
    kind: { type: 'string', description: 'sign-in, sign-out, sign-in-failed, content.<action>, account.<change>, webhook.<change>, enquiry.<change>, job.late.' },
    collection: nullable('string', "The content type's REST path, when it is about a record."),
    recordId: nullable('integer', 'The id of the record, when it is about one.'),
    summary: { type: 'string', description: 'What happened, in words.' },
    details: { type: ['object', 'null'], description: 'More about it (the fields an update changed, ...).' },
  },
  required: ['id', 'at', 'username', 'kind', 'collection', 'recordId', 'summary', 'details'],
  additionalProperties: false,
};

/** Writes a chunk, waiting while the client reads slower than the database gives (memory stays bounded). */
async function write(res: Response, chunk: string): Promise<void> {
  if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
}

export function activityRoutes(): Route[] {
  return [
    adminApiRoute({
      access: 'activity',
      method: 'GET',
      path: root,
      doc: {
        tags,
        operationId: 'listActivity',
        summary: 'The activity log, newest first, filtered and paged, with the total.',
        parameters: [
          ...filterParameters,
          query('limit', `At most this many (1 to ${MAX_ACTIVITY_PAGE}; absent: ${DEFAULT_ACTIVITY_PAGE}).`, { type: 'integer', minimum: 1, maximum: MAX_ACTIVITY_PAGE }),
          query('offset', 'Skip this many (paging).', { type: 'integer', minimum: 0 }),
        ],
        responses: {
          200: json(
            { type: 'object', properties: { items: { type: 'array', items: activityEntrySchema }, total: { type: 'integer', minimum: 0 } }, required: ['items', 'total'], additionalProperties: false },
            'A page of entries and how many the filter selects.',
          ),
          ...errors(400, 401, 403),
        },
      },
      serve: () => async (req, res) => {
        res.json(await activityPage(emOf(req), callerOf(req), req.query));
      },
    }),
    adminApiRoute({
      access: 'activity',
      method: 'GET',
      path: `${root}.csv`,
      doc: {
        tags,
        operationId: 'exportActivity',
        summary: `The filtered activity log as a CSV download, newest first (at most the newest ${MAX_EXPORT_ROWS.toLocaleString('en')}; X-Total-Count: how many the filter selects).`,
        parameters: filterParameters,
        responses: {
          200: { description: 'The CSV file (UTF-8 with a byte order mark): at, username, kind, summary, collection, recordId, details.', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errors(400, 401, 403),
        },
      },
      serve: () => async (req, res) => {
        const { total, entries } = await activityExport(emOf(req), callerOf(req), req.query);
        const day = new Date().toISOString().slice(0, 10);
        res.status(200);
        res.set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="activity-${day}.csv"`,
          'Cache-Control': 'no-store',
          'X-Total-Count': String(total),
        });
        try {
          await write(res, csvHeader());
          for await (const batch of entries) {
            if (res.destroyed) return;
            await write(res, batch.map(csvLineOf).join(''));
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
