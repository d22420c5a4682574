import type { ContentRevisionFeed } from './content-revision-feed.js';

// Something the public site knows per content revision (the paged lists' page counts, the item
// pages' slugs): loaded from the database the first time a revision needs it (concurrent askers
// share the one load), then known at once until the revision moves. While the database is away,
// the last one loaded (at whatever revision) stands in.

export class PerRevision<T> {
  readonly #feed: ContentRevisionFeed;
  readonly #load: () => Promise<T>;
  /** The value of `#revision`, once known. */
  #known: { revision: string; value: T } | null = null;
  /** The last value loaded, at whatever revision: used while the database is away. */
  #last: T | null = null;
  #loading: { revision: string; promise: Promise<T> } | null = null;
  #loads = 0;

  constructor(feed: ContentRevisionFeed, load: () => Promise<T>) {
    this.#feed = feed;
    this.#load = load;
  }

  /** The value at the current revision if known, else null (nothing is started). */
  known(): T | null {
    const revision = this.#feed.current;
    return revision !== null && this.#known?.revision === revision ? this.#known.value : null;
  }

  /**
   * The value at the current revision, loaded now if not known (once per revision). Without a
   * current revision (the feed reconnecting) it is loaded for this caller alone. When the database
   * cannot load it, the last value loaded, if any; else the error.
   */
  async current(): Promise<T> {
    const known = this.known();
    if (known !== null) return known;
    try {
      return await this.#atCurrentRevision();
    } catch (error) {
      if (this.#last !== null) return this.#last;
      throw error;
    }
  }

  /** How many loads were started (each revision's one, and any while the feed reconnects). */
  get loads(): number {
    return this.#loads;
  }

  #atCurrentRevision(): Promise<T> {
    const revision = this.#feed.current;
    if (revision === null) return this.#loaded();
    if (this.#loading?.revision !== revision) {
      const promise = this.#loaded().then((value) => {
        // A newer revision's value already stored stays.
        if (!this.#known || BigInt(this.#known.revision) <= BigInt(revision)) this.#known = { revision, value };
        return value;
      });
      const loading = { revision, promise };
      this.#loading = loading;
      const forget = () => {
        if (this.#loading === loading) this.#loading = null;
      };
      promise.then(forget, forget);
    }
    return this.#loading.promise;
  }

  async #loaded(): Promise<T> {
    this.#loads += 1;
    const value = await this.#load();
    this.#last = value;
    return value;
  }
}
