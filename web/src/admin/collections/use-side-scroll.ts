import { useEffect, useRef, useState } from 'react';

export interface SideScroll {
  /** The content is wider than the box: it scrolls sideways. */
  overflowing: boolean;
  /** Scrolled all the way to the end (nothing more to the right). */
  atEnd: boolean;
}

/**
 * Watches a box that may scroll sideways (a wide table at tablet widths), so the screen can say
 * there is more to see: whether its content is wider than it, and whether it is scrolled to the end.
 */
export function useSideScroll<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [state, setState] = useState<SideScroll>({ overflowing: false, atEnd: true });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const hidden = box.scrollWidth - box.clientWidth;
      const next = { overflowing: hidden > 1, atEnd: box.scrollLeft >= hidden - 1 };
      setState((s) => (s.overflowing === next.overflowing && s.atEnd === next.atEnd ? s : next));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return { ref, ...state };
}
