export const PROJECTS_FALLBACK_LIMIT = 6;

/** Landing preview: every featured project, or the first 6 when none is featured. */
export function selectProjectsPreview<T extends { featured: boolean }>(clients: readonly T[]): T[] {
  const featured = clients.filter((item) => item.featured);
  return featured.length > 0 ? featured : clients.slice(0, PROJECTS_FALLBACK_LIMIT);
}
