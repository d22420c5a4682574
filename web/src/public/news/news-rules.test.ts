import { describe, expect, it } from '@jest/globals';
import { formatNewsDate } from './news-rules';

// The landing preview's rule moved to the server: api/test/content/previews.test.ts.

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
