import type { Request } from 'express';
import { callerOf } from '../../auth/session.js';
import { errors, idOf, idParameter, json, jsonBody, ref } from '../../http/doc-parts.js';
import { ADMIN_API_ROOT, adminApiRoute, adminRemoveRoute, type Method, type Route, type StaffAccess } from '../../http/route.js';
import { BadRequest } from '../../shared/errors.js';
import { emOf } from '../../shared/request-context.js';
import { collections, singletons, type CollectionDefinition, type SingletonDefinition } from '../registry.js';
import type { Publication } from './publication.js';
import { publication } from './publication.service.js';

// The editorial workflow's REST rows, beside the spec's (whose POST and PUT keep publishing at
// once): a record's draft, new drafts, publish, unpublish, review requests. Generated per content
// type from the registry, like content.routes.ts.

const draftVersionParameter = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: 'The draft version read ("3"): a newer draft gets 412 instead of being overwritten. Absent or *: no check.',
  schema: { type: 'string' },
};

/** `If-Match` naming a draft version (the same form as a record's: "3", 3, W/"3"). */
function draftVersionOf(req: Request): number | undefined {
  const header = req.get('if-match')?.trim();
  if (header === undefined || header === '' || header === '*') return undefined;
  const match = /^(?:W\/)?(?:"(\d{1,10})"|(\d{1,10}))$/.exec(header);
  const version = match ? Number(match[1] ?? match[2]) : NaN;
  if (!Number.isSafeInteger(version) || version < 1) throw new BadRequest('If-Match must be the draft version, e.g. If-Match: "3"');
  return version;
}

interface Step {
  method: Method;
  /** After `<admin>/<path>`. */
  suffix: string;
  access: StaffAccess;
  operationId: string;
  summary: string;
  status?: 200 | 201;
  withId?: boolean;
  body?: boolean;
  codes: (400 | 403 | 404 | 412)[];
  act(req: Request): Promise<Publication | { items: Publication[]; total: number }>;
}

function stepRoute({ path, typeName, type }: CollectionDefinition | SingletonDefinition, step: Step): Route {
  const withId = step.withId ?? true;
  const parameters = [...(withId ? [idParameter] : []), ...(step.method === 'PUT' ? [draftVersionParameter] : [])];
  const answer = step.operationId.startsWith('listUnpublished')
    ? json({ type: 'object', properties: { items: { type: 'array', items: ref('Publication') }, total: { type: 'integer', minimum: 0 } }, required: ['items', 'total'] }, 'A page of records not on the site.')
    : json(ref('Publication'), 'Where the record stands now.');
  return adminApiRoute({
    method: step.method,
    access: step.access,
    path: `${ADMIN_API_ROOT}/${path}${step.suffix}`,
    doc: {
      tags: [type.labels.plural],
      operationId: `${step.operationId}${typeName}`,
      summary: step.summary,
      ...(parameters.length > 0 && { parameters }),
      ...(step.body && { requestBody: jsonBody(ref(`${typeName}DraftInput`)) }),
      responses: { [step.status ?? 200]: answer, ...errors(...step.codes) },
    },
    serve: () => async (req, res) => {
      res.status(step.status ?? 200).json(await step.act(req));
    },
  });
}

function workflowRoutes(definition: CollectionDefinition | SingletonDefinition): Route[] {
  const { path, typeName, type } = definition;
  const name = type.labels.entity.toLowerCase();
  const rows: Step[] = [
    {
      method: 'GET',
      suffix: '/:id/draft',
      access: 'content.draft',
      operationId: 'getPublicationOf',
      summary: `Where a ${name} stands in the editorial workflow, with its draft.`,
      codes: [403, 404],
      act: (req) => publication.get(emOf(req), path, idOf(req), callerOf(req)),
    },
    {
      method: 'PUT',
      suffix: '/:id/draft',
      access: 'content.draft',
      operationId: 'saveDraftOf',
      summary: `Saves a draft of a ${name}; the public site does not change until it is published.`,
      body: true,
      codes: [400, 403, 404, 412],
      act: (req) => publication.saveDraft(emOf(req), path, idOf(req), req.body, callerOf(req), draftVersionOf(req)),
    },
    {
      method: 'POST',
      suffix: '/:id/publish',
      access: 'content.publish',
      operationId: 'publish',
      summary: `Puts the ${name}'s draft on the site (checked as a save is).`,
      codes: [400, 403, 404],
      act: (req) => publication.publish(emOf(req), path, idOf(req), callerOf(req)),
    },
    {
      method: 'POST',
      suffix: '/:id/submit',
      access: 'content.draft',
      operationId: 'submitForReview',
      summary: `Asks for the ${name}'s draft to be reviewed.`,
      codes: [403, 404],
      act: (req) => publication.submitForReview(emOf(req), path, idOf(req), callerOf(req)),
    },
  ];
  if (type.kind === 'collection') {
    rows.push(
      {
        method: 'POST',
        suffix: '/drafts',
        access: 'content.draft',
        operationId: 'createDraftOf',
        summary: `Starts a ${name} as a draft, not on the site until published.`,
        status: 201,
        withId: false,
        body: true,
        codes: [400, 403],
        act: (req) => publication.createDraft(emOf(req), path, req.body, callerOf(req)),
      },
      {
        method: 'GET',
        suffix: '/drafts',
        access: 'content.draft',
        operationId: 'listUnpublished',
        summary: `The ${type.labels.plural.toLowerCase()} not on the site (never published or unpublished), most recently edited first; ?limit (1..200, 50) and ?offset.`,
        withId: false,
        codes: [400, 403],
        act: (req) => publication.notOnSite(emOf(req), path, callerOf(req), { limit: numberOf(req, 'limit'), offset: numberOf(req, 'offset') }),
      },
      {
        method: 'POST',
        suffix: '/:id/unpublish',
        access: 'content.publish',
        operationId: 'unpublish',
        summary: `Takes the ${name} off the site without deleting it; its values stay as its draft.`,
        codes: [400, 403, 404],
        act: (req) => publication.unpublish(emOf(req), path, idOf(req), callerOf(req)),
      },
    );
  }
  return [
    ...rows.map((step) => stepRoute(definition, step)),
    adminRemoveRoute({
      path: `${ADMIN_API_ROOT}/${path}/:id/draft`,
      access: 'content.draft',
      tags: [type.labels.plural],
      operationId: `discardDraftOf${typeName}`,
      summary: `Discards the ${name}'s draft: a published one goes back to what is published; one never published is gone.`,
      parameters: [idParameter],
      remove: (req) => publication.discardDraft(emOf(req), path, idOf(req), callerOf(req)),
    }),
  ];
}

/** A whole number from the query string, or null when absent (the service checks its range). */
function numberOf(req: Request, name: string): number | null {
  const raw = req.query[name];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw new BadRequest(`${name} must be a whole number`);
  return Number(raw);
}

export function publicationRoutes(): Route[] {
  return [...collections, ...singletons].flatMap(workflowRoutes);
}
