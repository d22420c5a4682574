import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { collections } from '../../src/content/registry.js';
import type { ListOptions } from '../../src/content/list-options.js';
import { previewCount, previewItem, previewList, previewPlace, type PreviewOverlay } from '../../src/preview/overlay.js';
import { fillCollection } from '../helpers/fill-content.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The overlay against a reference: every page of the list with the previewed record is exactly the
// slice of "the stored records without the previewed one's live row, plus the previewed record,
// filtered and ordered", whatever its place, its filters and the page.

const news = collections.find((c) => c.path === 'news')!;
let app: TestApp;
type Row = { id: number; display_order: number; featured: boolean };
let stored: Row[];

beforeAll(async () => {
  app = await startTestApp();
  // 30 articles, display orders 0..29 with ties (i / 2), every third one featured.
  await fillCollection(app.orm, 'news', { count: 30, displayOrder: 'i / 2', flag: 'i % 3 = 0' });
  stored = await app.orm.em.fork().getConnection().execute<Row[]>('select id, display_order, featured from news order by display_order, id');
});
afterAll(async () => {
  await app?.close();
});

const em = () => app.orm.em.fork();

/** The reference list: stored rows (the previewed one's live row replaced by its preview), filtered, in order. */
function reference(overlay: PreviewOverlay, where: ListOptions['where'] = {}): number[] {
  const record = overlay.record as { id: number; displayOrder: number; featured: boolean };
  const rows = stored.filter((row) => row.id !== record.id).map((row) => ({ id: row.id, order: row.display_order, featured: row.featured }));
  rows.push({ id: record.id, order: record.displayOrder, featured: record.featured });
  return rows
    .filter((row) => where.featured === undefined || row.featured === where.featured)
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((row) => row.id);
}

const idsOf = (items: object[]) => (items as { id: number }[]).map((item) => item.id);

function overlayOf(id: number, displayOrder: number, featured: boolean, live: boolean): PreviewOverlay {
  return { collection: 'news', live, record: { id, displayOrder, featured, title: `Preview of ${id}`, brief: 'b', createdAt: new Date().toISOString(), version: 1 } };
}

describe('the preview overlay of a list', () => {
  const cases: [string, () => PreviewOverlay][] = [
    ['a live record in its own place', () => overlayOf(stored[7].id, stored[7].display_order, stored[7].featured, true)],
    ['a live record whose draft is no longer featured', () => overlayOf(stored[2].id, stored[2].display_order, false, true)],
    ['a live record whose draft is featured', () => overlayOf(stored[4].id, stored[4].display_order, true, true)],
    ['a new record between two others (a tie of display orders)', () => overlayOf(1000, 10, true, false)],
    ['a new record first', () => overlayOf(1001, -1, false, false)],
    ['a new record last', () => overlayOf(1002, 2_147_483_647, true, false)],
  ];

  it.each(cases)('%s: every page, filtered or not, and the counts', async (_name, make) => {
    const overlay = make();
    const filters: Record<string, boolean>[] = [{}, { featured: true }, { featured: false }];
    for (const where of filters) {
      const expected = reference(overlay, where);
      const options: ListOptions = Object.keys(where).length ? { where } : {};
      expect(idsOf(await previewList(em(), news, options, overlay))).toEqual(expected);
      for (const limit of [1, 4, 7]) {
        for (let offset = 0; offset <= expected.length + 1; offset += 1) {
          expect(idsOf(await previewList(em(), news, { ...options, limit, offset }, overlay))).toEqual(expected.slice(offset, offset + limit));
        }
      }
      expect(await previewCount(em(), news, options, overlay)).toBe(expected.length);
    }
    expect(await previewPlace(em(), news, overlay)).toBe(reference(overlay).indexOf(overlay.record.id as number));
  });

  it('the item: the preview for its id, the stored record for another', async () => {
    const overlay = overlayOf(stored[3].id, stored[3].display_order, true, true);
    expect(await previewItem(em(), news, stored[3].id, overlay)).toMatchObject({ id: stored[3].id, title: `Preview of ${stored[3].id}` });
    expect(await previewItem(em(), news, stored[5].id, overlay)).toMatchObject({ id: stored[5].id });
    // The record as GraphQL's object type: an instance of the entity class, dates as Dates.
    const [item] = (await previewList(em(), news, { limit: 1 }, overlayOf(1003, -5, false, false))) as { createdAt: unknown }[];
    expect(item).toBeInstanceOf(news.entity);
    expect(item.createdAt).toBeInstanceOf(Date);
  });
});
