import { describe, expect, it } from '@jest/globals';
import type { ContentRevisionFeed } from '../../src/site/content-revision-feed.js';
import { PerRevision } from '../../src/site/per-revision.js';

// What the site knows per content revision (the page counts, the item pages' slugs): one load per
// revision shared by concurrent askers, and the last value while the database is away.

/** A feed whose revision the test moves by hand. */
function fakeFeed(): { feed: ContentRevisionFeed; set(revision: string | null): void } {
  let revision: string | null = '1';
  const feed = {
    get current() {
      return revision;
    },
  } as unknown as ContentRevisionFeed;
  return { feed, set: (next) => (revision = next) };
}

describe('PerRevision', () => {
  it('loads once per revision, concurrent askers sharing the load; known at once afterwards', async () => {
    const { feed, set } = fakeFeed();
    let loads = 0;
    const source = new PerRevision(feed, async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `value ${loads}`;
    });
    expect(source.known()).toBeNull();
    expect(await Promise.all(Array.from({ length: 10 }, () => source.current()))).toEqual(Array(10).fill('value 1'));
    expect(source.known()).toBe('value 1');
    expect(await source.current()).toBe('value 1');
    expect(loads).toBe(1);
    set('2');
    expect(source.known()).toBeNull();
    expect(await Promise.all([source.current(), source.current()])).toEqual(['value 2', 'value 2']);
    expect(source.loads).toBe(2);
  });

  it('while the database is away: the last value loaded, at whatever revision; the error when there was none', async () => {
    const { feed, set } = fakeFeed();
    let away = true;
    const source = new PerRevision(feed, async () => {
      if (away) throw new Error('database away');
      return 'loaded';
    });
    await expect(source.current()).rejects.toThrow('database away');
    away = false;
    expect(await source.current()).toBe('loaded');
    away = true;
    set('2');
    expect(await source.current()).toBe('loaded');
    // A failed load is not remembered: back, the next ask loads.
    away = false;
    set('3');
    expect(await source.current()).toBe('loaded');
    expect(source.known()).toBe('loaded');
  });

  it('without a revision (the feed reconnecting) loads for the caller alone and remembers nothing', async () => {
    const { feed, set } = fakeFeed();
    let loads = 0;
    const source = new PerRevision(feed, async () => ++loads);
    set(null);
    expect(await source.current()).toBe(1);
    expect(await source.current()).toBe(2);
    expect(source.known()).toBeNull();
  });

  it('a slow load of an older revision does not replace a newer one stored meanwhile', async () => {
    const { feed, set } = fakeFeed();
    const releases: (() => void)[] = [];
    let loads = 0;
    const source = new PerRevision(feed, async () => {
      const n = ++loads;
      await new Promise<void>((resolve) => releases.push(resolve));
      return `load ${n}`;
    });
    const old = source.current();
    set('2');
    const fresh = source.current();
    releases[1]();
    expect(await fresh).toBe('load 2');
    releases[0]();
    expect(await old).toBe('load 1');
    expect(source.known()).toBe('load 2');
  });
});
