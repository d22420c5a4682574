import { LANDING_SECTIONS, sectionHref } from '../sections';

/** Sections that also have a page of their own: on that page their entry stays there. */
const SECTION_PAGES: Partial<Record<string, string>> = { team: '/team', news: '/news', clients: '/clients' };

export interface NavTarget {
  label: string;
  /** Where the link goes: `/`, `/#<section>`, or the current page when it is the section's own. */
  href: string;
  /** The landing section the entry scrolls to on the landing page (none for Home). */
  sectionId?: string;
  /** The entry names the page being shown (aria-current="page"). */
  current: boolean;
}

/** The header's entries for a given path: Home plus one per landing section, in page order. */
export function navTargets(pathname: string): NavTarget[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [
    { label: 'Home', href: '/', current: path === '/' },
    ...LANDING_SECTIONS.map(({ id, label }) => {
      const ownPage = SECTION_PAGES[id];
      // A later page of a paged list (/news/page/2) is on the list's own page too; its entry leads to page 1.
      const onOwnPage = ownPage !== undefined && (ownPage === path || path.startsWith(`${ownPage}/page/`));
      // An item's own page (/news/<slug>) is within the list: its entry leads back to the list.
      const withinOwnPage = ownPage !== undefined && path.startsWith(`${ownPage}/`);
      return { label, href: onOwnPage || withinOwnPage ? ownPage! : sectionHref(id), sectionId: id, current: onOwnPage };
    }),
  ];
}
