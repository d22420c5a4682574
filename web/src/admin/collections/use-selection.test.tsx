import { describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { useSelection } from './use-selection';

// The rows ticked for bulk actions, and the page's "select all" box.

const page = (...ids: number[]) => ids.map((id) => ({ id }));

describe('useSelection', () => {
  it('ticks rows one by one; the page box says none, some or all', () => {
    const rows = page(1, 2, 3);
    const { result } = renderHook(() => useSelection(rows, 'page-1'));
    expect(result.current.page).toBe(false);
    act(() => result.current.toggle(3, true));
    act(() => result.current.toggle(1, true));
    expect(result.current.ids).toEqual([1, 3]); // in the page's order
    expect(result.current.page).toBe('indeterminate');
    act(() => result.current.toggle(2, true));
    expect(result.current.page).toBe(true);
    act(() => result.current.toggle(1, false));
    expect(result.current.has(1)).toBe(false);
    expect(result.current.ids).toEqual([2, 3]);
  });

  it('selects the whole page or none at once, and clears', () => {
    const rows = page(4, 5);
    const { result } = renderHook(() => useSelection(rows, 'page-1'));
    act(() => result.current.togglePage(true));
    expect(result.current.ids).toEqual([4, 5]);
    act(() => result.current.togglePage(false));
    expect(result.current.ids).toEqual([]);
    act(() => result.current.toggle(4, true));
    act(() => result.current.clear());
    expect(result.current.page).toBe(false);
  });

  it('belongs to the rows it was made on: another page, search, sort or filter clears it', () => {
    const { result, rerender } = renderHook(({ rows, key }) => useSelection(rows, key), { initialProps: { rows: page(1, 2), key: 'page-1' } });
    act(() => result.current.toggle(2, true));
    rerender({ rows: page(1, 2), key: 'page-1' });
    expect(result.current.ids).toEqual([2]);
    rerender({ rows: page(1, 2), key: 'page-1&search=om' });
    expect(result.current.ids).toEqual([]);
    expect(result.current.page).toBe(false);
  });

  it('an empty page is never "all selected"', () => {
    const { result } = renderHook(() => useSelection([], 'empty'));
    expect(result.current.page).toBe(false);
  });
});
