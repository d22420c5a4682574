import type { EntityManager } from '@mikro-orm/postgresql';
import { CONTENT_REVISION_ID } from './content-revision.entity.js';

// Rendered public pages, kept in memory per content revision. The revision lives in PostgreSQL
// (content_revision, bumped by triggers in the same transaction as any content write, from any
// process), and every request reads it first: a page rendered at revision R is only ever served to
// a request that read R, so once a write has committed no instance serves a page from before it.
// Caches on other instances need no message: they see the new revision on their next request.

/** What a render produced: the complete HTML document and its status. */
export interface RenderedPage {
  status: number;
  html: string;
}

/** A render, and whether its output may be kept (a successful page with its data, nothing else). */
export interface RenderOutcome {
  page: RenderedPage;
  cacheable: boolean;
}

export interface PageCacheOptions {
  /** Most pages kept (any mix of URLs and origins). */
  maxEntries?: number;
  /** Most HTML characters kept in total. */
  maxChars?: number;
}

export const DEFAULT_MAX_ENTRIES = 200;
export const DEFAULT_MAX_CHARS = 64 * 1024 * 1024;

/** The current content revision (a bigint, as a string). One primary-key read. */
export async function readContentRevision(em: EntityManager): Promise<string> {
  const rows = await em
    .getConnection()
    .execute<{ revision: string }[]>(`select revision::text as revision from content_revision where id = ?`, [CONTENT_REVISION_ID]);
  if (rows.length !== 1) throw new Error('content_revision has no row: are the migrations applied?');
  return rows[0].revision;
}

/**
 * Pages of one revision at a time, least recently used first out. Moving to another revision
 * (up after a write, or even down after a database restore) drops every page of the old one.
 * Concurrent misses for the same page share one render.
 */
export class PageCache {
  readonly #maxEntries: number;
  readonly #maxChars: number;
  #revision: string | undefined;
  /** Insertion order is recency order: a hit moves its entry to the end. */
  readonly #pages = new Map<string, RenderedPage>();
  readonly #inFlight = new Map<string, Promise<RenderOutcome>>();
  #chars = 0;

  constructor(options: PageCacheOptions = {}) {
    this.#maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.#maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  }

  /**
   * The page for `key` at `revision`: from the cache when it holds it (`hit`), else from `render`
   * (kept when the outcome is cacheable and the revision is still the cache's). Concurrent misses
   * of the same page wait for the same render.
   */
  async get(revision: string, key: string, render: () => Promise<RenderOutcome>): Promise<RenderOutcome & { hit: boolean }> {
    this.#moveTo(revision);
    const cached = this.#pages.get(key);
    if (cached) {
      this.#pages.delete(key);
      this.#pages.set(key, cached);
      return { page: cached, cacheable: true, hit: true };
    }
    const flightKey = `${revision}\n${key}`;
    let flight = this.#inFlight.get(flightKey);
    if (!flight) {
      flight = render().then((outcome) => {
        if (outcome.cacheable) this.#store(revision, key, outcome.page);
        return outcome;
      });
      this.#inFlight.set(flightKey, flight);
      const forget = () => this.#inFlight.delete(flightKey);
      flight.then(forget, forget);
    }
    return { ...(await flight), hit: false };
  }

  /** Pages held now. */
  get size(): number {
    return this.#pages.size;
  }

  /** The revision the held pages belong to. */
  get revision(): string | undefined {
    return this.#revision;
  }

  #moveTo(revision: string): void {
    if (revision === this.#revision) return;
    this.#revision = revision;
    this.#pages.clear();
    this.#chars = 0;
  }

  #store(revision: string, key: string, page: RenderedPage): void {
    // A render that started before the revision moved belongs to a generation already dropped.
    if (revision !== this.#revision) return;
    if (page.html.length > this.#maxChars) return;
    const previous = this.#pages.get(key);
    if (previous) {
      this.#pages.delete(key);
      this.#chars -= previous.html.length;
    }
    this.#pages.set(key, page);
    this.#chars += page.html.length;
    for (const [oldest, evicted] of this.#pages) {
      if (this.#pages.size <= this.#maxEntries && this.#chars <= this.#maxChars) break;
      this.#pages.delete(oldest);
      this.#chars -= evicted.html.length;
    }
  }
}
