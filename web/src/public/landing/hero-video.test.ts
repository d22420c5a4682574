import { describe, expect, it } from '@jest/globals';
import { heroVideoAllowed } from './HeroSection';

/** A window whose media queries answer from the given set. */
function windowWith(matching: string[], saveData = false): Window {
  return {
    matchMedia: (query: string) => ({ matches: matching.includes(query) }),
    navigator: { connection: { saveData } },
  } as unknown as Window;
}

const WIDE = '(min-width: 48em)';

describe('hero background video', () => {
  it('plays on a wide screen for a visitor with no preference', () => {
    expect(heroVideoAllowed(windowWith([WIDE]))).toBe(true);
  });

  it('is never loaded on a small screen', () => {
    expect(heroVideoAllowed(windowWith([]))).toBe(false);
  });

  it('respects reduced motion, reduced data and Save-Data', () => {
    expect(heroVideoAllowed(windowWith([WIDE, '(prefers-reduced-motion: reduce)']))).toBe(false);
    expect(heroVideoAllowed(windowWith([WIDE, '(prefers-reduced-data: reduce)']))).toBe(false);
    expect(heroVideoAllowed(windowWith([WIDE], true))).toBe(false);
  });
});
