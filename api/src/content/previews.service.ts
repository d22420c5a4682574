import type { EntityManager } from '@mikro-orm/postgresql';
import type { clients, news } from '@consulting/model';
import type { ContentRecord } from './entity-schema.js';
import { collections } from './registry.js';

type News = ContentRecord<typeof news>;
type Client = ContentRecord<typeof clients>;

// What the landing page previews of news and projects: business rules of the public site, decided
// here (not in the browser), so the landing page fetches only what it shows. The select* functions
// state the rules over a list in display order; newsPreview and projectsPreview apply the same
// rules in SQL (a limit per query), so a preview costs the same at 100,000 articles as at 10.

export const NEWS_PREVIEW_LIMIT = 3;
export const PROJECTS_FALLBACK_LIMIT = 6;
/**
 * The site shows every featured project; a landing page is not the place for hundreds, so the
 * preview stops at this many (a multiple of 6: full rows of the 1/2/3-column grid).
 */
export const PROJECTS_FEATURED_LIMIT = 12;

/** News preview: the featured items (at most 3) if any are featured, otherwise the first 3. */
export function selectNewsPreview<T extends { featured: boolean }>(news: readonly T[]): T[] {
  const featured = news.filter((item) => item.featured);
  return (featured.length > 0 ? featured : news).slice(0, NEWS_PREVIEW_LIMIT);
}

/** Projects preview: every featured project (at most 12), or the first 6 when none is featured. */
export function selectProjectsPreview<T extends { featured: boolean }>(clients: readonly T[]): T[] {
  const featured = clients.filter((item) => item.featured);
  return featured.length > 0 ? featured.slice(0, PROJECTS_FEATURED_LIMIT) : clients.slice(0, PROJECTS_FALLBACK_LIMIT);
}

function serviceOf(path: string) {
  const collection = collections.find((c) => c.path === path);
  if (!collection) throw new Error(`no collection "${path}" in the registry`);
  return collection.service;
}

/**
 * The featured records (at most `featuredLimit`) if any is featured, otherwise the first
 * `fallbackLimit`, in display order: at most two queries, each with a limit (indexes on
 * (featured, display_order, id) and (display_order, id)), whatever the size of the table.
 */
async function preview<T>(path: string, em: EntityManager, featuredLimit: number, fallbackLimit: number): Promise<T[]> {
  const service = serviceOf(path);
  const featured = await service.list(em, { where: { featured: true }, limit: featuredLimit });
  return (featured.length > 0 ? featured : await service.list(em, { limit: fallbackLimit })) as T[];
}

/** The news the landing page shows, in display order. */
export function newsPreview(em: EntityManager): Promise<News[]> {
  return preview<News>('news', em, NEWS_PREVIEW_LIMIT, NEWS_PREVIEW_LIMIT);
}

/** The projects the landing page shows, in display order. */
export function projectsPreview(em: EntityManager): Promise<Client[]> {
  return preview<Client>('clients', em, PROJECTS_FEATURED_LIMIT, PROJECTS_FALLBACK_LIMIT);
}
