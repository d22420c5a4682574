import { describe, expect, it } from '@jest/globals';
import { formatNewsDate, selectNewsPreview } from './news-rules';

const item = (id: number, featured = false) => ({ id, featured });

describe('landing news preview', () => {
  it('shows the featured items when any are featured', () => {
    expect(selectNewsPreview([item(1), item(2, true), item(3), item(4, true)]).map((n) => n.id)).toEqual([2, 4]);
  });

  it('shows at most 3 featured items', () => {
    const news = [1, 2, 3, 4, 5].map((id) => item(id, true));
    expect(selectNewsPreview(news).map((n) => n.id)).toEqual([1, 2, 3]);
  });

  it('falls back to the first 3 when none is featured', () => {
    expect(selectNewsPreview([1, 2, 3, 4, 5].map((id) => item(id))).map((n) => n.id)).toEqual([1, 2, 3]);
  });

  it('is empty without news', () => {
    expect(selectNewsPreview([])).toEqual([]);
  });
});

describe('news date badge', () => {
  it("formats like 'Jan 5, 2025'", () => {
    expect(formatNewsDate('2025-01-05T10:00:00.000Z')).toBe('Jan 5, 2025');
    expect(formatNewsDate('2024-12-31T23:59:59.000Z')).toBe('Dec 31, 2024');
  });

  it('gives nothing without a (valid) date', () => {
    expect(formatNewsDate(null)).toBeNull();
    expect(formatNewsDate(undefined)).toBeNull();
    expect(formatNewsDate('')).toBeNull();
    expect(formatNewsDate('not a date')).toBeNull();
  });
});
