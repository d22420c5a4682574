import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContentType } from '@consulting/model';
import { entityOf } from '../content/registry.js';
import { PAGED_LIST_PATHS, PUBLIC_PAGE_PATHS } from '../seo/seo-files.js';
import type { Identity } from './identity.js';

// Which page a share card is asked for, and the title it shows. `/share/<page>.png` names the public
// page at `/<page>` (`index`: the home page). Only a path that is a page now has a card (the site
// decides it from the page index it answers pages from: site/identity-images.ts); every other path,
// including other spellings of a page, has none, so no path a client invents costs a card.

/** The share cards' path prefix and suffix: `/share/news.png`. */
export const SHARE_ROOT = '/share';
export const SHARE_SUFFIX = '.png';
/** `<page>` of the home page's card. */
export const HOME_CARD_NAME = 'index';

/** The titles of the fixed pages' cards (the home page's: the landing headline, else the firm's description). */
const FIXED_TITLES: Readonly<Record<(typeof PUBLIC_PAGE_PATHS)[number], (identity: Identity) => string>> = {
  '/': (identity) => identity.heroTagline ?? identity.description,
  '/team': () => 'Our Team',
  '/news': () => 'News',
  '/clients': () => 'Projects',
};

/** The page path a card's request path names (`/share/news/a.png` -> `/news/a`), as written; null when it names none. */
export function sharedPagePath(requestPath: string): string | null {
  const prefix = `${SHARE_ROOT}/`;
  if (!requestPath.startsWith(prefix) || !requestPath.endsWith(SHARE_SUFFIX)) return null;
  const page = requestPath.slice(prefix.length, -SHARE_SUFFIX.length);
  if (page === '' || page.startsWith('/')) return null;
  return page === HOME_CARD_NAME ? '/' : `/${page}`;
}

/** A page's card: its canonical path and title. */
export interface SharedPage {
  path: string;
  title: string;
}

/** An item's (or a simple page's) card title: its page title, else its title; null when the record is gone. */
export async function itemCardTitle(em: EntityManager, type: ContentType, id: number): Promise<string | null> {
  const record = (await em.findOne(entityOf(type), id as never)) as Record<string, unknown> | null;
  if (!record) return null;
  return [record.pageTitle, record.title].find((value): value is string => typeof value === 'string' && value.trim() !== '') ?? '';
}

/** A fixed page's card title, or a paged list's later page's (its list's); null for an item's page. */
export function fixedCardTitle(path: string, identity: Identity): string | null {
  if (Object.hasOwn(FIXED_TITLES, path)) return FIXED_TITLES[path as keyof typeof FIXED_TITLES](identity);
  const list = Object.keys(PAGED_LIST_PATHS).find((prefix) => path.startsWith(`${prefix}/page/`));
  return list ? FIXED_TITLES[list as keyof typeof FIXED_TITLES](identity) : null;
}
