import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../auth/caller.js';
import { requirePermission } from '../auth/permissions.js';
import { publication } from '../content/publication/publication.service.js';
import { collections, singletons, type CollectionDefinition, type SingletonDefinition } from '../content/registry.js';
import { PAGED_LIST_PATHS } from '../seo/seo-files.js';
import { NotFound } from '../shared/errors.js';
import { previewPlace, type PreviewOverlay } from './overlay.js';
import { PUBLIC_LIST_PAGE_SIZE } from '@consulting/model';

// What a preview shows: a record with its draft applied (publication.previewRecord), on the public
// page where it appears, and what its banner calls it. Signed-in previews need `content.draft`;
// share links (preview-links.service.ts) have been checked before they get here.

/** The public page of a collection that is neither paged nor the landing page's (the others show on /). */
const PAGE_OF_COLLECTION: Readonly<Record<string, string>> = { 'team-members': '/team' };

/** The paged lists by the collection they list ('news' -> '/news'). */
const PAGED_LIST_OF = new Map(Object.entries(PAGED_LIST_PATHS).map(([page, collection]) => [collection, page]));

export interface PreviewTarget {
  /** The public page to render: where the record appears with its draft applied. */
  url: string;
  overlay: PreviewOverlay;
  /** What the banner calls the record. */
  label: string;
}

/** The content type at a REST path, or undefined. */
export function contentDefinition(path: string): CollectionDefinition | SingletonDefinition | undefined {
  return collections.find((c) => c.path === path) ?? singletons.find((s) => s.path === path);
}

const isCollection = (definition: CollectionDefinition | SingletonDefinition): definition is CollectionDefinition => definition.type.kind === 'collection';

const MAX_ID = 2_147_483_647;

/** A record id (a path segment, or a number from GraphQL/JSON): a positive whole number, else null. */
export function recordIdOf(raw: unknown): number | null {
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

/** What the banner calls a record: its first searchable (else text) field's value, else the type's name. */
function labelOf(definition: CollectionDefinition | SingletonDefinition, record: Record<string, unknown>): string {
  const { type } = definition;
  if (type.kind === 'singleton') return type.labels.entity;
  const field = type.listing?.search[0] ?? Object.entries(type.fields).find(([, f]) => f.kind === 'text')?.[0];
  const value = field ? record[field] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : `Untitled ${type.labels.entity.toLowerCase()}`;
}

/** The page where the previewed record appears: a simple page's own, its list's page holding its place, its collection's page, or the landing page. */
async function pageOf(em: EntityManager, definition: CollectionDefinition | SingletonDefinition, overlay: PreviewOverlay): Promise<string> {
  if (!isCollection(definition)) return '/';
  // A simple page (`page: { path: '' }`) appears on its own page only: /<slug>.
  const slug = overlay.record.slug;
  if (definition.type.page?.path === '' && typeof slug === 'string' && slug !== '') return `/${slug}`;
  const list = PAGED_LIST_OF.get(definition.path);
  if (list) {
    // Page 1 at the list's path, later ones at `<path>/page/<n>` (seo/seo-files.ts, site/page-paths.ts).
    const page = Math.floor((await previewPlace(em, definition, overlay)) / PUBLIC_LIST_PAGE_SIZE) + 1;
    return page === 1 ? list : `${list}/page/${page}`;
  }
  return PAGE_OF_COLLECTION[definition.path] ?? '/';
}

/** The preview of record `id` of the type at `path`; null when the type or the record is unknown. */
export async function previewTarget(em: EntityManager, path: string, id: number): Promise<PreviewTarget | null> {
  const definition = contentDefinition(path);
  if (!definition) return null;
  const found = await publication.previewRecord(em, definition.path, id);
  if (!found) return null;
  const overlay: PreviewOverlay = { collection: definition.path, record: found.record, live: found.live };
  return { url: await pageOf(em, definition, overlay), overlay, label: labelOf(definition, found.record) };
}

/** A signed-in preview: the caller needs `content.draft`; NotFound for an unknown type or record. */
export async function signedInPreview(em: EntityManager, caller: Caller, path: string, rawId: unknown): Promise<PreviewTarget> {
  await requirePermission(em, caller, 'content.draft');
  const id = recordIdOf(rawId);
  const target = id === null ? null : await previewTarget(em, path, id);
  if (!target) throw new NotFound('Nothing to preview here: no such item');
  return target;
}
