import type { MikroORM } from '@mikro-orm/postgresql';
import { PUBLIC_LIST_PAGE_SIZE } from '@consulting/model';
import { countingThrough, type CountMemo } from '../content/count-memo.js';
import { collections } from '../content/registry.js';
import { PAGED_LIST_PATHS, type ListPageCounts } from '../seo/seo-files.js';
import type { ContentRevisionFeed } from './content-revision-feed.js';
import { PerRevision } from './per-revision.js';

// How many pages each paged public list (/news, /clients) has, per content revision: one count(*)
// per list the first time a revision needs it (concurrent askers share it), then known at once
// (the page paths before any route runs, page-paths.ts; the sitemap). Shared by everything that
// serves the same revision feed.

/** Pages of a list of `total` items (an empty list still has its one page). */
export function pagesOf(total: number): number {
  return Math.max(1, Math.ceil(total / PUBLIC_LIST_PAGE_SIZE));
}

/** Counts remembered per revision at most (keys: a list and its filters; a search is never remembered). */
const MAX_COUNTS_PER_REVISION = 64;

/**
 * The counts of the current content revision (count-memo.ts), for the public reads produced from a
 * revision feed: each list's count(*) once per revision, shared by the routing of its later pages,
 * the page's own total and the list it pages through (concurrent askers share one count). A new
 * revision (every content write moves it) forgets them; without one (the feed reconnecting)
 * nothing is remembered. A failed count is not remembered.
 */
export class RevisionCountMemo implements CountMemo {
  readonly #feed: ContentRevisionFeed;
  #revision: string | null = null;
  #counts = new Map<string, Promise<number>>();

  constructor(feed: ContentRevisionFeed) {
    this.#feed = feed;
  }

  count(key: string, counting: () => Promise<number>): Promise<number> {
    const revision = this.#feed.current;
    if (revision === null) return counting();
    if (revision !== this.#revision) {
      this.#revision = revision;
      this.#counts = new Map();
    }
    const counts = this.#counts;
    let known = counts.get(key);
    if (known) return known;
    if (counts.size >= MAX_COUNTS_PER_REVISION) return counting();
    known = counting();
    counts.set(key, known);
    known.catch(() => {
      if (counts.get(key) === known) counts.delete(key);
    });
    return known;
  }
}

const memos = new WeakMap<ContentRevisionFeed, RevisionCountMemo>();

/** The one count memo of a revision feed (every public read produced from it shares it). */
export function revisionCounts(feed: ContentRevisionFeed): RevisionCountMemo {
  let memo = memos.get(feed);
  if (!memo) {
    memo = new RevisionCountMemo(feed);
    memos.set(feed, memo);
  }
  return memo;
}

/**
 * The paged lists' page counts at the current revision (per-revision.ts): counted once per
 * revision, known at once after that; while the database is away, the last counts made.
 */
export class ListPageCountsSource extends PerRevision<ListPageCounts> {
  constructor(orm: MikroORM, feed: ContentRevisionFeed) {
    super(feed, () => countLists(orm, feed));
  }
}

async function countLists(orm: MikroORM, feed: ContentRevisionFeed): Promise<ListPageCounts> {
  // The lists at once (each on its own connection): a request for one list's page waits for the longest count only.
  return Object.fromEntries(
    await Promise.all(
      Object.entries(PAGED_LIST_PATHS).map(async ([path, collection]) => {
        const definition = collections.find((entry) => entry.path === collection);
        if (!definition) throw new Error(`no collection ${collection} for the paged list ${path}`);
        const em = countingThrough(orm.em.fork(), revisionCounts(feed));
        return [path, pagesOf(await definition.service.count(em))] as const;
      }),
    ),
  );
}

const sources = new WeakMap<ContentRevisionFeed, ListPageCountsSource>();

/** The one counts source of a revision feed (the page route and the sitemap share it). */
export function listPageCounts(orm: MikroORM, feed: ContentRevisionFeed): ListPageCountsSource {
  let source = sources.get(feed);
  if (!source) {
    source = new ListPageCountsSource(orm, feed);
    sources.set(feed, source);
  }
  return source;
}
