import type { ErrorRequestHandler, Request, Response } from 'express';
import { callerOf } from '../auth/session.js';
import { collections, singletons } from '../content/registry.js';
import type { GraphQLContext } from '../graphql/context.js';
import { errors, idParameter, json, jsonBody } from '../http/doc-parts.js';
import { ADMIN_API_ROOT, ADMIN_PANEL_ROOT, adminApiRoute, type Route, type RouteContext } from '../http/route.js';
import { NotFound, Unauthorized } from '../shared/errors.js';
import { emOf } from '../shared/request-context.js';
import { PREVIEW_ROOT } from '../shared/url-paths.js';
import { pageRendererOf } from '../site/page-renderer.js';
import { RENDER_CACHE_HEADER } from '../site/send-prepared.js';
import { LINK_REFUSED, messagePage } from './message-page.js';
import { createPreviewLink, MAX_DAYS, openSharedPreview, previewLinks, revokePreviewLink, sharedPreviewPath } from './preview-links.service.js';
import { previewTarget, signedInPreview, type PreviewTarget } from './preview.service.js';

// The preview area: a record's public page as its draft would publish it, for staff
// (`/preview/<path>/<id>`, `content.draft`) and for whoever holds a share link
// (`/preview/shared/<token>`); and the REST rows of share links (GraphQL twin:
// preview-links.resolver.ts). Every answer of the area is private and kept out of search engines
// (PREVIEW_HEADERS); the public read cache never sees it: `preview` is a first segment of its own,
// so the read path before Express leaves it to these routes, and nothing here writes to the cache.

/**
 * What every preview answer says about caching and indexing; and no Referer from the page, which
 * would carry a share link's token to the next request (its style sheet, a link the reviewer follows).
 */
export const PREVIEW_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' } as const;

function sendHtml(res: Response, status: number, body: string): void {
  res.status(status).set(PREVIEW_HEADERS).set(RENDER_CACHE_HEADER, 'bypass').type('html').send(body);
}

/** Renders the target's page with its draft overlaid, a banner and noindex; nothing is kept. */
async function sendPreview(req: Request, res: Response, { deps, reads }: RouteContext, target: PreviewTarget, expiresAt?: Date): Promise<void> {
  const renderer = pageRendererOf(reads);
  if (!renderer) return sendHtml(res, 503, messagePage('Preview unavailable', 'This server does not serve the site’s pages (the web app is not built).'));
  // Its own EntityManager, without the revision's count memo: a preview's counts are its own.
  const context: GraphQLContext = { req, res, em: deps.orm.em.fork(), caller: { userId: null }, deps, preview: target.overlay };
  const banner = { label: target.label, live: target.overlay.live, ...(expiresAt && { expiresAt: expiresAt.toISOString() }) };
  const page = await renderer.render(target.url, context, banner);
  sendHtml(res, page.status, page.body);
}

/** The admin's sign-in page, returning to `path` (a preview's own path and query, as asked) once signed in. */
export const signInPath = (path: string) => `${ADMIN_PANEL_ROOT}/login?next=${encodeURIComponent(path)}`;

/**
 * Mounted on the preview area before the JSON error handler. A signed-out person who opens a staff
 * preview in a browser (a link a colleague sent, a tab left open after the session ended) gets a
 * page, not the API's JSON: still a 401, saying what the page is and linking to the sign-in, which
 * comes back here after. A client that does not ask for HTML keeps the JSON answer.
 */
export const previewSignInPage: ErrorRequestHandler = (error, req, res, next) => {
  if (!(error instanceof Unauthorized) || req.method !== 'GET' || res.headersSent || req.accepts(['json', 'html']) !== 'html') return next(error);
  sendHtml(
    res,
    401,
    messagePage('Sign in to see this preview', 'Previews of unpublished changes are for the firm’s staff. Sign in and the preview opens.', {
      href: signInPath(req.originalUrl),
      label: 'Sign in',
    }),
  );
};

const linkSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    url: { type: ['string', 'null'], description: 'The link to share (absolute, from PUBLIC_URL): only in the answer that made it.' },
    expiresAt: { type: 'string', format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
    createdBy: { type: ['string', 'null'], description: 'The username of whoever made it.' },
    revokedAt: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['id', 'url', 'expiresAt', 'createdAt', 'createdBy', 'revokedAt'],
  additionalProperties: false,
};
const tags = ['Preview links'];
const linkBody = jsonBody(
  {
    type: 'object',
    properties: { days: { type: 'integer', minimum: 1, maximum: MAX_DAYS, description: 'How many days the link works (default 7).' } },
    additionalProperties: false,
  },
  false,
);

/** The share-link rows of one content type: make one, list them. */
function linkRoutes(path: string, typeName: string): Route[] {
  const rowPath = `${ADMIN_API_ROOT}/${path}/:id/preview-links`;
  return [
    adminApiRoute({
      access: 'content.draft',
      method: 'POST',
      path: rowPath,
      doc: {
        tags,
        operationId: `create${typeName}PreviewLink`,
        summary: 'Makes a share link to the preview of the record (its URL is only in this answer).',
        parameters: [idParameter],
        requestBody: linkBody,
        responses: { 201: json(linkSchema, 'Made.'), ...errors(400, 401, 403, 404) },
      },
      serve:
        ({ deps }) =>
        async (req, res) => {
          const body = (req.body ?? {}) as { days?: unknown };
          res.status(201).json(await createPreviewLink(emOf(req), callerOf(req), deps.config, path, req.params.id, body.days));
        },
    }),
    adminApiRoute({
      access: 'content.draft',
      method: 'GET',
      path: rowPath,
      doc: {
        tags,
        operationId: `list${typeName}PreviewLinks`,
        summary: "The record's share links, newest first (revoked and expired ones too; without their URLs).",
        parameters: [idParameter],
        responses: { 200: json({ type: 'array', items: linkSchema }, 'The links.'), ...errors(401, 403, 404) },
      },
      serve: () => async (req, res) => {
        res.json(await previewLinks(emOf(req), callerOf(req), path, req.params.id));
      },
    }),
  ];
}

export function previewRoutes(): Route[] {
  return [
    // First: `shared` is no content type, and this row is public.
    {
      method: 'GET',
      path: sharedPreviewPath(':token'),
      access: 'public',
      headers: 'public',
      serve: (context) => async (req, res) => {
        const em = emOf(req);
        const link = await openSharedPreview(em, context.deps.config, String(req.params.token));
        if ('refused' in link) return sendHtml(res, 404, messagePage(LINK_REFUSED[link.refused].title, LINK_REFUSED[link.refused].message));
        const target = await previewTarget(em, link.collection, link.recordId);
        if (!target) return sendHtml(res, 404, messagePage('Nothing to preview', 'The item this link shows no longer exists.'));
        await sendPreview(req, res, context, target, link.expiresAt);
      },
    },
    {
      method: 'GET',
      path: `${PREVIEW_ROOT}/:collection/:id`,
      access: 'content.draft',
      headers: 'public',
      serve: (context) => async (req, res) => {
        let target: PreviewTarget;
        try {
          target = await signedInPreview(emOf(req), callerOf(req), String(req.params.collection), req.params.id);
        } catch (error) {
          if (error instanceof NotFound) return sendHtml(res, 404, messagePage('Nothing to preview', error.message));
          throw error;
        }
        await sendPreview(req, res, context, target);
      },
    },
    ...[...collections, ...singletons].flatMap((definition) => linkRoutes(definition.path, definition.typeName)),
    adminApiRoute({
      access: 'content.draft',
      method: 'DELETE',
      path: `${ADMIN_API_ROOT}/preview-links/:id`,
      doc: {
        tags,
        operationId: 'revokePreviewLink',
        summary: 'Revokes a share link at once (revoking it again changes nothing).',
        parameters: [{ name: 'id', in: 'path', required: true, description: 'The link.', schema: { type: 'string', format: 'uuid' } }],
        responses: { 204: { description: 'Revoked.' }, ...errors(401, 403, 404) },
      },
      serve: () => async (req, res) => {
        await revokePreviewLink(emOf(req), callerOf(req), String(req.params.id));
        res.status(204).end();
      },
    }),
  ];
}
