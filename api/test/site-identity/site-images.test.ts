import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import type { Identity } from '../../src/site-identity/identity.js';
import type { IdentityTask } from '../../src/site-identity/layout.js';
import { CARD_CACHE_ENTRIES, MAX_PENDING, SiteImages } from '../../src/site-identity/site-images.js';
import { ServiceUnavailable } from '../../src/shared/errors.js';
import type { ImageStorage } from '../../src/uploads/storage.js';

// The image service's bounds, with a drawer the test controls (no worker, no database): the card
// cache never holds more than CARD_CACHE_ENTRIES, concurrent requests for one card share one
// drawing, and at most MAX_PENDING different drawings wait (the next one is a 503, not a queue
// that grows without end).

const identity: Identity = { version: 1, firmName: 'Acme', shortName: null, description: 'We advise.', logoUrl: null, logoDarkUrl: null, iconUrl: null, heroTagline: null };
const noStorage = { open: async () => null } as unknown as ImageStorage;

/** Every path `/p<n>` is a page titled `Title <n>`. */
const sources = {
  identity: async () => identity,
  page: async (path: string) => (path.startsWith('/p') ? { path, title: `Title ${path.slice(2)}` } : null),
};

function imagesWith(draw: (task: IdentityTask) => Promise<unknown>) {
  const drawn: IdentityTask[] = [];
  const images = new SiteImages(noStorage, pino({ level: 'silent' }), sources, (task) => {
    drawn.push(task);
    return draw(task);
  });
  return { images, drawn };
}

describe('the share cards kept', () => {
  it('never exceed their bound, however many pages are asked for (least recently used out)', async () => {
    const { images, drawn } = imagesWith(async (task) => Buffer.from(task.kind === 'card' ? task.title : ''));
    for (let i = 0; i < CARD_CACHE_ENTRIES * 2; i += 1) {
      await images.card(`/p${i}`);
      expect(images.cardsKept).toBeLessThanOrEqual(CARD_CACHE_ENTRIES);
    }
    expect(images.cardsKept).toBe(CARD_CACHE_ENTRIES);
    expect(drawn).toHaveLength(CARD_CACHE_ENTRIES * 2);
    // The most recent ones are kept: asked again, not drawn again.
    await images.card(`/p${CARD_CACHE_ENTRIES * 2 - 1}`);
    expect(drawn).toHaveLength(CARD_CACHE_ENTRIES * 2);
    // No page, no drawing.
    expect(await images.card('/nope')).toBeNull();
    expect(drawn).toHaveLength(CARD_CACHE_ENTRIES * 2);
  });

  it('one drawing per card for concurrent requests; more than MAX_PENDING different ones waiting: 503', async () => {
    const release: (() => void)[] = [];
    const { images, drawn } = imagesWith((task) => new Promise((resolve) => release.push(() => resolve(Buffer.from(task.kind === 'card' ? task.title : '')))));
    const same = Array.from({ length: 5 }, () => images.card('/p0'));
    const others = Array.from({ length: MAX_PENDING - 1 }, (_, i) => images.card(`/p${i + 1}`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(drawn).toHaveLength(MAX_PENDING);
    await expect(images.card('/p999')).rejects.toBeInstanceOf(ServiceUnavailable);
    // A card already being drawn is still shared, not refused.
    const joined = images.card('/p0');
    for (const done of release) done();
    const cards = await Promise.all([...same, joined]);
    expect(new Set(cards).size).toBe(1);
    await Promise.all(others);
    expect(drawn).toHaveLength(MAX_PENDING);
    // Once drawn, room again.
    const later = images.card('/p999');
    await new Promise((resolve) => setImmediate(resolve));
    expect(drawn).toHaveLength(MAX_PENDING + 1);
    release.at(-1)!();
    expect((await later)?.body.toString()).toBe('Title 999');
  });

  it('a drawing that fails is a 503, and the next request tries again', async () => {
    let fail = true;
    const { images } = imagesWith(async () => {
      if (fail) throw new Error('worker crashed');
      return Buffer.from('ok');
    });
    await expect(images.card('/p1')).rejects.toBeInstanceOf(ServiceUnavailable);
    fail = false;
    expect((await images.card('/p1'))?.body.toString()).toBe('ok');
  });
});
