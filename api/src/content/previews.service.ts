import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from './clients/client.entity.js';
import type { News } from './news/news.entity.js';
import { collections } from './registry.js';

// What the landing page previews of news and projects: business rules of the public site, decided
// here (not in the browser), so the landing page fetches only what it shows.

export const NEWS_PREVIEW_LIMIT = 3;
export const PROJECTS_FALLBACK_LIMIT = 6;

/** News preview: the featured items (at most 3) if any are featured, otherwise the first 3. */
export function selectNewsPreview<T extends { featured: boolean }>(news: readonly T[]): T[] {
  const featured = news.filter((item) => item.featured);
  return (featured.length > 0 ? featured : news).slice(0, NEWS_PREVIEW_LIMIT);
}

/** Projects preview: every featured project, or the first 6 when none is featured. */
export function selectProjectsPreview<T extends { featured: boolean }>(clients: readonly T[]): T[] {
  const featured = clients.filter((item) => item.featured);
  return featured.length > 0 ? featured : clients.slice(0, PROJECTS_FALLBACK_LIMIT);
}

function listOf<T>(path: string, em: EntityManager): Promise<T[]> {
  const collection = collections.find((c) => c.path === path);
  if (!collection) throw new Error(`no collection "${path}" in the registry`);
  return collection.service.list(em) as Promise<T[]>;
}

/** The news the landing page shows, in display order. */
export async function newsPreview(em: EntityManager): Promise<News[]> {
  return selectNewsPreview(await listOf<News>('news', em));
}

/** The projects the landing page shows, in display order. */
export async function projectsPreview(em: EntityManager): Promise<Client[]> {
  return selectProjectsPreview(await listOf<Client>('clients', em));
}
