// The landing page's sections, in page order, with the header button labels.
export const LANDING_SECTIONS = [
  { id: 'who-we-are', label: 'Who We Are' },
  { id: 'services', label: 'Services' },
  { id: 'statistics', label: 'Statistics' },
  { id: 'presence', label: 'Presence' },
  { id: 'brands', label: 'Companies' },
  { id: 'team', label: 'Team' },
  { id: 'news', label: 'News' },
  { id: 'clients', label: 'Projects' },
  { id: 'contact', label: 'Contact' },
] as const;

export type SectionId = (typeof LANDING_SECTIONS)[number]['id'];

/** Height of the fixed header; sections keep this much room above them when scrolled to. */
export const HEADER_HEIGHT = '4.5rem';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** The landing page address of a section, as the header links it: `/#news`. */
export const sectionHref = (id: string) => `/#${id}`;

/**
 * Scrolls to a landing section (smoothly unless the visitor asked for reduced motion) and moves
 * keyboard focus to it, so the next Tab continues from there. False when it is not on the page.
 */
export function goToSection(id: string, { smooth = true }: { smooth?: boolean } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  // Not 'auto': that follows the style sheet's `scroll-behavior: smooth` and would glide anyway.
  target.scrollIntoView({ behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'instant', block: 'start' });
  target.focus({ preventScroll: true });
  return true;
}
