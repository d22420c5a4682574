import { describe, expect, it } from '@jest/globals';
import { thumbnailSrc } from './thumbnail-src';

describe('thumbnailSrc', () => {
  it('uses the 320 px WebP variant of an uploaded image', () => {
    expect(thumbnailSrc('/uploads/face-123.png')).toBe('/uploads/face-123-320.webp');
    expect(thumbnailSrc('/uploads/a.b.jpeg')).toBe('/uploads/a.b-320.webp');
  });
  it('keeps external addresses and anything else unchanged', () => {
    expect(thumbnailSrc('https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    expect(thumbnailSrc('')).toBe('');
    expect(thumbnailSrc('/uploads/../etc.png')).toBe('/uploads/../etc.png');
  });
});
