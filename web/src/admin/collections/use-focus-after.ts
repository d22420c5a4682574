import { useCallback, useRef } from 'react';

/**
 * Where focus goes after rows leave the table (deleted, moved to another page): the given row's
 * edit button, or the screen's heading when there is none. `headingRef` goes around the heading.
 */
export function useFocusAfter() {
  const headingRef = useRef<HTMLDivElement>(null);
  const focusAfter = useCallback(
    (nextId: number | undefined) =>
      requestAnimationFrame(() => {
        const target = nextId !== undefined && document.querySelector<HTMLElement>(`[data-row-id="${nextId}"] [data-edit]`);
        (target || headingRef.current?.querySelector<HTMLElement>('h1, h2'))?.focus();
      }),
    [],
  );
  return { headingRef, focusAfter };
}
