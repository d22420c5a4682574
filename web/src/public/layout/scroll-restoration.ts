import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// Scroll position across the public site's own navigations. The app uses react-router's
// declarative BrowserRouter, where its <ScrollRestoration> does not work (data routers only), and
// the browser keeps the old offset when a link swaps the page in place. So: a page reached by a
// link (PUSH, REPLACE) opens at its top (a `#section` link then lands on its section: the landing
// page does that once its content is there); back and forward (POP) return to where the visitor
// was on that entry, kept per history entry (react-router's location.key) in sessionStorage, so a
// reload of the tab restores too.

const STORAGE_KEY = 'public-scroll-positions';
/** Entries remembered per tab (the oldest are forgotten past this). */
const MAX_ENTRIES = 100;
/** How long a restore waits for the page to grow tall enough (its content arriving). */
const RESTORE_FRAMES = 60;

const positions = new Map<string, number>();
let loaded = false;
/** The history entry shown by back/forward with a kept position (its #section is then left alone). */
let restoring: string | null = null;

function load() {
  if (loaded) return;
  loaded = true;
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Array<[string, number]>;
    for (const [key, y] of saved) if (typeof key === 'string' && Number.isFinite(y)) positions.set(key, y);
  } catch {
    // Storage unavailable or damaged: positions are kept for this page's life only.
  }
}

function persist() {
  while (positions.size > MAX_ENTRIES) positions.delete(positions.keys().next().value!);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
  } catch {
    // Private mode or full: nothing to do.
  }
}

/** The document's first render: a kept position applies only if the browser reloaded it or came back to it. */
let firstRender = true;

function documentCameBack(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

/** Whether the entry `key` was reached by back/forward and is put back where the visitor left it. */
export function isRestoringScroll(key: string): boolean {
  return restoring === key;
}

/** Scrolls to `y` once the page is tall enough for it, giving up on a user scroll or after ~1 s. */
function restoreTo(y: number): () => void {
  let frame = 0;
  let handle = 0;
  let cancelled = false;
  const stop = () => {
    cancelled = true;
    cancelAnimationFrame(handle);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    window.removeEventListener('keydown', stop);
  };
  const attempt = () => {
    if (cancelled) return;
    const room = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: Math.min(y, Math.max(room, 0)), behavior: 'instant' });
    if (room >= y || (frame += 1) >= RESTORE_FRAMES) {
      stop();
      return;
    }
    handle = requestAnimationFrame(attempt);
  };
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchstart', stop, { passive: true });
  window.addEventListener('keydown', stop);
  attempt();
  return stop;
}

/** Keeps and restores the window's scroll position per history entry (see the top of this file). */
export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const navigation = useNavigationType();

  useEffect(() => {
    load();
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onPageHide = () => persist();
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  // Before paint, so the new page never shows at the old offset.
  useLayoutEffect(() => {
    load();
    // A new visit typed or linked into this tab starts as the first entry ('default') anew.
    const saved = firstRender && !documentCameBack() ? undefined : positions.get(key);
    firstRender = false;
    let cancel: (() => void) | undefined;
    restoring = navigation === 'POP' && saved !== undefined ? key : null;
    if (navigation === 'POP' && saved !== undefined) {
      cancel = restoreTo(saved);
    } else if (navigation !== 'POP') {
      // 'instant': the site's style sheet asks for smooth scrolling, which would glide from the old offset.
      window.scrollTo({ top: 0, behavior: 'instant' });
      if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start', behavior: 'instant' });
    }
    // A first visit (POP without a saved position) keeps the browser's own landing: top or #anchor.

    // Kept as the visitor scrolls: when a navigation is under way the new page may already be in
    // the document, so reading the offset then could give the new page's.
    const record = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    // The offset now, too: on a public page the app may start after the visitor has scrolled
    // (entry-boot.ts), and a link followed next would otherwise leave no offset to come back to.
    if (restoring === null) record();
    return () => {
      window.removeEventListener('scroll', record);
      cancel?.();
      persist();
    };
  }, [key, hash, navigation]);
}
