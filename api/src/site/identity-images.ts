import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../app-deps.js';
import { loadIdentity, type Identity } from '../site-identity/identity.js';
import { fixedCardTitle, itemCardTitle, type SharedPage } from '../site-identity/share-pages.js';
import { SiteImages } from '../site-identity/site-images.js';
import type { ContentRevisionFeed } from './content-revision-feed.js';
import { itemLists, itemPages, type ItemPages } from './item-pages.js';
import { listPageCounts } from './list-page-counts.js';
import { needsItemPages, pageTarget } from './page-paths.js';
import { PerRevision } from './per-revision.js';

// The firm's generated images (site-identity/site-images.ts) as the site feeds them: the identity
// read once per content revision (a settings change moves the revision, so every instance reads the
// new values on its next request; while the database is away the last values read stand in), and
// which paths are pages now from the same per-revision index the page route answers from
// (page-paths.ts, item-pages.ts, list-page-counts.ts): only a page's own path has a card.

/** Item titles remembered per revision: a card's cache hit then costs no query. */
const TITLES_REMEMBERED = 1_024;

/** The position's list in the item pages (`/news`, '' for simple pages). */
function listAt(items: ItemPages, position: number): string | undefined {
  for (const [list, range] of items.lists) if (position >= range.start && position < range.end) return list;
  return undefined;
}

function sources(deps: AppDeps, feed: ContentRevisionFeed) {
  const identity = new PerRevision<Identity>(feed, () => loadIdentity(deps.orm));
  const counts = listPageCounts(deps.orm, feed);
  const items = itemPages(deps.orm, feed);
  const titles = new LRUCache<string, string>({ max: TITLES_REMEMBERED });

  async function itemTitle(path: string, index: ItemPages): Promise<string | null> {
    const position = index.pages.get(path);
    if (position === undefined) return null;
    const revision = feed.current;
    const key = `${revision ?? 'none'} ${path}`;
    const known = revision === null ? undefined : titles.get(key);
    if (known !== undefined) return known;
    const type = itemLists().find((entry) => entry.path === listAt(index, position))?.type;
    if (!type) return null;
    const title = await itemCardTitle(deps.orm.em.fork(), type, index.ids[position]);
    if (title !== null && revision !== null) titles.set(key, title);
    return title;
  }

  return {
    identity: () => identity.current(),
    async page(path: string, current: Identity): Promise<SharedPage | null> {
      let target = pageTarget(path, counts.known(), items.known());
      if (target === null) target = needsItemPages(path) ? pageTarget(path, null, await items.current()) : pageTarget(path, await counts.current(), null);
      if (target?.kind !== 'page' || target.path !== path) return null;
      const fixed = fixedCardTitle(path, current);
      if (fixed !== null) return { path, title: fixed };
      const title = await itemTitle(path, await items.current());
      return title === null ? null : { path, title };
    },
  };
}

const instances = new WeakMap<AppDeps, SiteImages>();

/** The one SiteImages of an app (its routes share it). */
export function siteImages(deps: AppDeps, feed: ContentRevisionFeed): SiteImages {
  let images = instances.get(deps);
  if (!images) {
    images = new SiteImages(deps.storage, deps.logger, sources(deps, feed));
    instances.set(deps, images);
  }
  return images;
}

/** The SiteImages an app made, once its routes were built (tests read its counts). */
export function siteImagesOf(deps: AppDeps): SiteImages | undefined {
  return instances.get(deps);
}
