import { RESERVED_PAGE_SLUGS, RESERVED_SLUGS } from '@consulting/model';

// The slugs a simple page (the model's `page: { path: '' }`, served at `/<slug>`) may never take:
// every first path segment the site itself uses, so a page never shadows a route and a route never
// hides a page. The model's static lists (RESERVED_PAGE_SLUGS, which a form can check before
// saving, and RESERVED_SLUGS), plus what only the server knows: the first segments of its route
// table, of the public pages (/team, /news, /clients) and the web app's static root files, which
// the app gives when it mounts the site (site/mount.ts reserveSiteSegments). Lower case.

const reserved = new Map<string, string>();

/** Reserves first path segments of the site (each stands for the address `/<segment>`). */
export function reserveSiteSegments(segments: Iterable<string>): void {
  for (const raw of segments) {
    const segment = raw.toLowerCase();
    if (segment !== '' && !reserved.has(segment)) reserved.set(segment, `/${segment}`);
  }
}

reserveSiteSegments([...RESERVED_PAGE_SLUGS, ...RESERVED_SLUGS]);

/** Whether a simple page's slug is one of the site's own first path segments. */
export function isReservedPageSlug(slug: string): boolean {
  return reserved.has(slug.toLowerCase());
}

/** The field message for a simple page's slug the site uses, or null when it is free of the site's routes. */
export function reservedPageSlugMessage(slug: string): string | null {
  const address = reserved.get(slug.toLowerCase());
  return address === undefined ? null : `Slug "${slug}" is taken by the site's own address ${address}; choose another`;
}

/** Every reserved slug (lower case). */
export function reservedPageSlugs(): string[] {
  return [...reserved.keys()];
}
