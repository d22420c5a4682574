import { PUBLIC_LIST_PAGE_SIZE } from '@consulting/model';

// The pages of a public list page (/news, /clients): page 1 at the list's own path, later pages at
// `<path>/page/<n>` (a real URL each, so each is server-rendered, cached and crawlable on its own).
// The server decides which of those paths exist before rendering (api/src/site/page-paths.ts); these
// are the same rules for the browser.

/** Cards per page (a multiple of 6: the 1/2/3-column grid ends on a full row). */
export const LIST_PAGE_SIZE = PUBLIC_LIST_PAGE_SIZE;

/** The path of page `page` of the list at `basePath`: page 1 is the list's own path. */
export function listPagePath(basePath: string, page: number): string {
  return page <= 1 ? basePath : `${basePath}/page/${page}`;
}

/**
 * The page number a route's `:page` parameter names (absent: page 1), or null when it names no
 * page: only 2, 3, ... written plainly (no sign, no leading zero; page 1 lives at the list's path).
 */
export function pageNumberOf(param: string | undefined): number | null {
  if (param === undefined) return 1;
  if (!/^[1-9]\d{0,8}$/.test(param)) return null;
  const page = Number(param);
  return page >= 2 ? page : null;
}

/** How many pages `total` items fill (an empty list still has its one page). */
export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
}

/** The list query's variables for a page. */
export function pageVariables(page: number): { limit: number; offset: number } {
  return { limit: LIST_PAGE_SIZE, offset: (page - 1) * LIST_PAGE_SIZE };
}

/** A numbered pager's entries: page numbers, and 'gap' where pages are left out (an ellipsis). */
export type PagerEntry = number | 'gap';

/**
 * The numbered links of a pager: the first and last page, and the pages within `around` of the
 * current one; a run of left-out pages becomes one 'gap' (a single left-out page is shown instead).
 */
export function pagerEntries(page: number, last: number, around = 1): PagerEntry[] {
  const shown = new Set<number>([1, last]);
  for (let n = page - around; n <= page + around; n += 1) if (n >= 1 && n <= last) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const entries: PagerEntry[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) entries.push(n - 1);
    else if (n - previous > 2) entries.push('gap');
    entries.push(n);
    previous = n;
  }
  return entries;
}
