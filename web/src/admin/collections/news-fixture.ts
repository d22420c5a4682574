import { screen, within } from '@testing-library/react';
import { SIGNED_IN, fakeServer } from '../test/render-admin';
import { listAnswer } from '../test/list-answer';

// The collection screen at any size, for list-at-scale.test.tsx and list-bulk-and-order.test.tsx:
// a news collection behind a fake API that honours the list contract (a page of 50 with its
// counts; search, sort and the featured filter on the server; bulk delete with undo, bulk feature,
// moves to a place in the public order).

/** jsdom has no PointerEvent, which Chakra's checkbox needs when focus leaves it after a click. */
export function installPointerEventShim() {
  if (typeof window.PointerEvent !== 'undefined') return;
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = PointerEventShim as unknown as typeof PointerEvent;
}

type NewsRow = ReturnType<typeof article>;

export const article = (n: number) => ({
  __typename: 'News',
  id: n,
  version: 1,
  title: `Article ${String(n).padStart(3, '0')}${n % 10 === 0 ? ' from Muscat' : ''}`,
  slug: `article-${String(n).padStart(3, '0')}${n % 10 === 0 ? '-from-muscat' : ''}`,
  pictureUrl: `/uploads/n${n}.png`,
  altText: null,
  brief: `Brief ${n}`,
  content: null,
  contentDocument: null,
  link: null,
  featured: n % 3 === 0,
  pageTitle: null,
  pageDescription: null,
  displayOrder: n,
  createdAt: `2025-01-01T10:00:00.000Z`,
});

/** A news collection of `size` articles behind a fake API that honours the list contract. */
export function newsServer(size = 120) {
  let rows: NewsRow[] = Array.from({ length: size }, (_, i) => article(i + 1));
  let deleted: NewsRow[] = [];
  const reorder = (id: number, toIndex: number) => {
    const ordered = [...rows].sort((a, b) => a.displayOrder - b.displayOrder);
    const moved = ordered.find((r) => r.id === id)!;
    const rest = ordered.filter((r) => r !== moved);
    rest.splice(Math.min(toIndex, rest.length), 0, moved);
    rows = rest.map((r, i) => ({ ...r, displayOrder: i + 1 }));
    return rows.find((r) => r.id === id)!;
  };
  const server = fakeServer({
    AdminMe: SIGNED_IN,
    AdminNewsList: (variables) => listAnswer('news', rows, variables),
    AdminDeleteNewsMany: ({ ids }) => {
      const gone = new Set(ids as number[]);
      deleted = rows.filter((r) => gone.has(r.id));
      rows = rows.filter((r) => !gone.has(r.id));
      return { data: { deleteNewsMany: deleted.length } };
    },
    AdminUndoDeleteMany: ({ ids }) => {
      const back = deleted.filter((r) => (ids as number[]).includes(r.id));
      rows = [...rows, ...back];
      return { data: { undoDeleteMany: back.length } };
    },
    AdminUpdateNewsFlags: ({ ids, featured }) => {
      rows = rows.map((r) => ((ids as number[]).includes(r.id) ? { ...r, featured: featured as boolean } : r));
      return { data: { updateNewsFlags: rows.filter((r) => (ids as number[]).includes(r.id)).map(({ id, version }) => ({ __typename: 'News', id, featured, version })) } };
    },
    AdminPlaceNews: ({ id, toIndex }) => {
      const moved = reorder(id as number, toIndex as number);
      return { data: { placeNews: { __typename: 'News', id: moved.id, displayOrder: moved.displayOrder, version: moved.version } } };
    },
  });
  return { server, rows: () => rows };
}

/** The titles of the table's rows, top to bottom. */
export const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryByRole('img')?.getAttribute('alt'));
export const lastList = (server: ReturnType<typeof newsServer>['server']) => server.callsOf('AdminNewsList').at(-1);
