import { callerOf } from '../auth/session.js';
import { collections, singletons } from '../content/registry.js';
import { bodyOf, errors, idOf, idParameter, json, jsonBody, ref } from '../http/doc-parts.js';
import { ADMIN_API_ROOT, adminApiRoute, type Route } from '../http/route.js';
import { emOf } from '../shared/request-context.js';
import { firmTimeZone } from '../content/firm-time-zone.js';
import * as jobs from './jobs.service.js';

// The REST rows of scheduled publishing (the GraphQL twin: jobs.resolver.ts).

const tags = ['Scheduling'];
const job = ref('ScheduledJob');
const root = `${ADMIN_API_ROOT}/scheduled`;
const jobIdParameter = { name: 'id', in: 'path', required: true, description: 'The id of the scheduled job.', schema: { type: 'string', pattern: '^[1-9][0-9]*$' } };
const at = { type: 'string', format: 'date-time', description: 'When: an ISO 8601 date and time with its offset (stored in UTC), in the future.' };

export function jobRoutes(): Route[] {
  return [
    ...[...collections, ...singletons].map(({ path, typeName, type }) =>
      adminApiRoute({
        method: 'POST',
        access: 'content.publish',
        path: `${ADMIN_API_ROOT}/${path}/:id/schedule`,
        doc: {
          tags,
          operationId: `schedule${typeName}`,
          summary: `Publishes ${type.kind === 'collection' ? "or takes off the site a record" : 'the record'} at a time; a second schedule of the same action moves the first.`,
          parameters: [idParameter],
          requestBody: jsonBody({
            type: 'object',
            properties: { action: { type: 'string', enum: type.kind === 'collection' ? [...jobs.SCHEDULE_ACTIONS] : ['publish'] }, at },
            required: ['action', 'at'],
          }),
          responses: { 201: json(job, 'Scheduled.'), ...errors(400, 401, 403, 404) },
        },
        serve: ({ deps }) => async (req, res) => {
          const body = bodyOf(req);
          res.status(201).json(await jobs.schedule(emOf(req), callerOf(req), { collection: path, id: idOf(req), action: body.action, at: body.at }, await firmTimeZone(emOf(req), deps.config.timeZone)));
        },
      }),
    ),
    adminApiRoute({
      method: 'GET',
      access: 'content.draft',
      path: root,
      doc: {
        tags,
        operationId: 'listScheduledJobs',
        summary: "What is coming up: pending scheduled jobs, soonest first, then the last day's failed or late ones.",
        parameters: [
          {
            name: 'limit',
            in: 'query',
            required: false,
            description: `At most this many (1 to ${jobs.MAX_UPCOMING}; absent: ${jobs.DEFAULT_UPCOMING}).`,
            schema: { type: 'integer', minimum: 1, maximum: jobs.MAX_UPCOMING },
          },
        ],
        responses: { 200: json({ type: 'array', items: job }, 'The jobs.'), ...errors(400, 401, 403) },
      },
      serve: () => async (req, res) => {
        res.json(await jobs.upcoming(emOf(req), callerOf(req), { limit: req.query.limit }));
      },
    }),
    adminApiRoute({
      method: 'PUT',
      access: 'content.publish',
      path: `${root}/:id`,
      doc: {
        tags,
        operationId: 'rescheduleJob',
        summary: 'Moves a pending scheduled job to another time in the future.',
        parameters: [jobIdParameter],
        requestBody: jsonBody({ type: 'object', properties: { at }, required: ['at'] }),
        responses: { 200: json(job, 'Moved.'), ...errors(400, 401, 403, 404) },
      },
      serve: ({ deps }) => async (req, res) => {
        res.json(await jobs.reschedule(emOf(req), callerOf(req), String(req.params.id), bodyOf(req).at, await firmTimeZone(emOf(req), deps.config.timeZone)));
      },
    }),
    adminApiRoute({
      method: 'DELETE',
      access: 'content.publish',
      path: `${root}/:id`,
      doc: { tags, operationId: 'cancelScheduledJob', summary: 'Cancels a pending scheduled job.', parameters: [jobIdParameter], responses: { 204: { description: 'Cancelled.' }, ...errors(401, 403, 404) } },
      serve: ({ deps }) => async (req, res) => {
        await jobs.cancel(emOf(req), callerOf(req), String(req.params.id), await firmTimeZone(emOf(req), deps.config.timeZone));
        res.status(204).end();
      },
    }),
  ];
}
