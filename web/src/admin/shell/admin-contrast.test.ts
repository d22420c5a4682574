import { describe, expect, it } from '@jest/globals';
import { system } from '../../theme';

// The admin's colours as the light theme resolves them (the admin system shares the public system's
// tokens), checked against WCAG: error text 4.5:1 on white (1.4.3), focus rings 3:1 (2.4.11).

/** A colour token's light value as a hex colour, following semantic references. */
function resolve(name: string): string {
  const token = system.tokens.getByName(name);
  if (!token) throw new Error(`no token ${name}`);
  const conditions = token.extensions.conditions as Record<string, string> | undefined;
  const raw = conditions?._light ?? conditions?.base ?? token.value;
  const ref = /^\{(.+)\}$/.exec(String(raw));
  if (ref) return resolve(ref[1]!);
  if (String(raw) === 'white') return '#ffffff';
  return String(raw).toLowerCase();
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('admin colours on white', () => {
  it('field error text (fg.error) reaches 4.5:1', () => {
    expect(resolve('colors.bg')).toBe('#ffffff');
    expect(contrast(resolve('colors.fg.error'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus ring of every button palette the admin uses reaches 3:1, secondary (gray) buttons included', () => {
    for (const palette of ['gray', 'brand', 'red']) {
      const ring = resolve(`colors.${palette}.focusRing`);
      expect([palette, contrast(ring, '#ffffff') >= 3]).toEqual([palette, true]);
      // and on the admin's page background (bg.subtle), where header and toolbar buttons sit
      expect([palette, contrast(ring, resolve('colors.bg.subtle')) >= 3]).toEqual([palette, true]);
    }
  });
});
