import '@testing-library/jest-dom/jest-globals';

// jsdom lacks a few browser APIs that Chakra UI and the layout code use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
globalThis.structuredClone ??= ((v: unknown) => JSON.parse(JSON.stringify(v))) as typeof structuredClone;
