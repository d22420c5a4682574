// jsdom lays nothing out: ProseMirror (the rich-text editor) asks ranges and the document for
// rectangles and points when it scrolls the selection into view or reads a click. These answer
// with an empty box, as a hidden element would.

const emptyRect = (): DOMRect => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;

function emptyList(): DOMRectList {
  const list = [] as unknown as DOMRectList & { item(i: number): DOMRect | null };
  list.item = () => null;
  return list;
}

export function installProseMirrorDom(): void {
  if (!Range.prototype.getClientRects) Range.prototype.getClientRects = emptyList;
  if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = emptyRect;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
}
