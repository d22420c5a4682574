import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../auth/caller.js';
import { requirePermission } from '../auth/permissions.js';
import type { Config } from '../config.js';
import { siteOrigin } from '../seo/site-origin.js';
import { NotFound, ValidationFailed } from '../shared/errors.js';
import { PREVIEW_ROOT } from '../shared/url-paths.js';
import { PreviewLink } from './preview-link.entity.js';
import { contentDefinition, previewTarget, recordIdOf } from './preview.service.js';
import { isSigned, newToken, tokenHash, type LinkKeySource } from './preview-tokens.js';

// Share links to a record's preview, for a reviewer without an account: made, listed and revoked
// by staff with `content.draft`; opened by anyone holding one until it expires (DEFAULT_DAYS, at
// most MAX_DAYS) or is revoked. A link's URL (with its token) is shown once, when it is made.

export const DEFAULT_DAYS = 7;
export const MAX_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A link as staff see it; `url` only in the answer that made it. */
export interface PreviewLinkView {
  id: string;
  url: string | null;
  expiresAt: Date;
  createdAt: Date;
  createdBy: string | null;
  revokedAt: Date | null;
}

/** The path of a share link's preview (the token is its only parameter). */
export const sharedPreviewPath = (token: string) => `${PREVIEW_ROOT}/shared/${token}`;

const viewOf = (link: PreviewLink, url: string | null = null): PreviewLinkView => ({
  id: link.id,
  url,
  expiresAt: link.expiresAt,
  createdAt: link.createdAt,
  createdBy: link.createdByName ?? null,
  revokedAt: link.revokedAt ?? null,
});

function daysOf(raw: unknown): number {
  if (raw === undefined || raw === null) return DEFAULT_DAYS;
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= MAX_DAYS) return raw;
  throw new ValidationFailed([{ field: 'days', message: `days must be a whole number from 1 to ${MAX_DAYS}` }]);
}

/** The record a link is made for or listed by: the type's path and a known record (NotFound otherwise). */
async function knownRecord(em: EntityManager, collection: string, rawId: unknown): Promise<{ path: string; id: number }> {
  const definition = typeof collection === 'string' ? contentDefinition(collection) : undefined;
  const id = recordIdOf(rawId);
  if (!definition || id === null || !(await previewTarget(em, definition.path, id))) throw new NotFound('No such item');
  return { path: definition.path, id };
}

/** A new link to the preview of record `id` of `collection`, valid for `days` (default 7, 1..30). */
export async function createPreviewLink(em: EntityManager, caller: Caller, config: Pick<Config, 'dataDir' | 'sessionSecret' | 'publicUrl' | 'port'>, collection: string, id: unknown, days?: unknown): Promise<PreviewLinkView> {
  const user = await requirePermission(em, caller, 'content.draft');
  const valid = daysOf(days);
  const record = await knownRecord(em, collection, id);
  const token = newToken(config);
  const link = em.create(PreviewLink, {
    collection: record.path,
    recordId: record.id,
    tokenHash: tokenHash(token),
    createdBy: user.id,
    createdByName: user.username,
    expiresAt: new Date(Date.now() + valid * DAY_MS),
  });
  await em.flush();
  return viewOf(link, `${siteOrigin(config)}${sharedPreviewPath(token)}`);
}

/** The record's links, newest first (revoked and expired ones too: the admin shows them as such). */
export async function previewLinks(em: EntityManager, caller: Caller, collection: string, id: unknown): Promise<PreviewLinkView[]> {
  await requirePermission(em, caller, 'content.draft');
  const definition = contentDefinition(collection);
  const recordId = recordIdOf(id);
  if (!definition || recordId === null) throw new NotFound('No such item');
  const links = await em.find(PreviewLink, { collection: definition.path, recordId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return links.map((link) => viewOf(link));
}

/** Revokes a link (at once, for good); revoking one already revoked changes nothing. NotFound for an unknown id. */
export async function revokePreviewLink(em: EntityManager, caller: Caller, id: string): Promise<void> {
  await requirePermission(em, caller, 'content.draft');
  const link = UUID.test(id) ? await em.findOne(PreviewLink, { id }) : null;
  if (!link) throw new NotFound('No such preview link');
  link.revokedAt ??= new Date();
  await em.flush();
}

/** What a share link's token opens: its record, or why it opens nothing. */
export type SharedPreview = { collection: string; recordId: number; expiresAt: Date } | { refused: 'invalid' | 'expired' | 'revoked' };

/** A token from a share link: refused by its signature alone (no query) when the server did not make it. */
export async function openSharedPreview(em: EntityManager, site: LinkKeySource, token: string): Promise<SharedPreview> {
  if (!isSigned(site, token)) return { refused: 'invalid' };
  const link = await em.findOne(PreviewLink, { tokenHash: tokenHash(token) });
  if (!link) return { refused: 'invalid' };
  if (link.revokedAt) return { refused: 'revoked' };
  if (link.expiresAt.getTime() <= Date.now()) return { refused: 'expired' };
  return { collection: link.collection, recordId: link.recordId, expiresAt: link.expiresAt };
}
