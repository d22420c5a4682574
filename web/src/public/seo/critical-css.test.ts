import { describe, expect, it } from '@jest/globals';
import { criticalCss } from './critical-css';

const ROOT = ':where(html, .chakra-theme){--chakra-colors-brand-700:#123;--chakra-colors-unused:#456;--chakra-colors-fg:var(--chakra-colors-gray-900);--chakra-colors-gray-900:#111;--chakra-animations-spin:spin 1s linear infinite;}';
const DARK = '.dark,.dark .chakra-theme:not(.light){--chakra-colors-fg:var(--chakra-colors-gray-50);}';
const KEYFRAMES = '@-webkit-keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}@keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}@keyframes pulse{50%{opacity:0.5;}}';

describe('the rules a page inlines', () => {
  it('keeps the tokens its rules use, through other tokens, and drops the rest', () => {
    const css = criticalCss(`${ROOT}.css-a{color:var(--chakra-colors-fg);background:var(--chakra-colors-brand-700, red);}`, '<p class="css-a">x</p>');
    expect(css).toContain('--chakra-colors-brand-700:#123');
    expect(css).toContain('--chakra-colors-fg:var(--chakra-colors-gray-900)');
    expect(css).toContain('--chakra-colors-gray-900:#111');
    expect(css).not.toContain('--chakra-colors-unused');
    expect(css).not.toContain('--chakra-animations-spin');
    expect(css).toContain('.css-a{color:var(--chakra-colors-fg);background:var(--chakra-colors-brand-700, red);}');
    expect(css).not.toMatch(/;;|\{;/);
  });

  it('keeps a token the markup refers to in a style attribute', () => {
    expect(criticalCss(ROOT, '<div style="color:var(--chakra-colors-unused)"></div>')).toContain('--chakra-colors-unused:#456');
  });

  it('drops the dark palette and the keyframes nothing names, keeps those a rule or a used token names', () => {
    expect(criticalCss(`${ROOT}${DARK}${KEYFRAMES}.css-a{color:var(--chakra-colors-fg);}`, '')).toBe(
      ':where(html, .chakra-theme){--chakra-colors-fg:var(--chakra-colors-gray-900);--chakra-colors-gray-900:#111;}.css-a{color:var(--chakra-colors-fg);}',
    );
    const spinning = criticalCss(`${ROOT}${KEYFRAMES}.css-b{animation:var(--chakra-animations-spin);}.css-c{animation-name:pulse;}`, '');
    expect(spinning).toContain('@-webkit-keyframes spin{');
    expect(spinning).toContain('@keyframes spin{0%{transform:rotate(0deg);}100%{transform:rotate(360deg);}}');
    expect(spinning).toContain('@keyframes pulse{50%{opacity:0.5;}}');
  });

  it('leaves other custom properties (not the theme tokens) alone', () => {
    expect(criticalCss('*{--ring-inset:var(--chakra-empty, );--global-font-body:serif;}', '')).toBe('*{--ring-inset:var(--chakra-empty, );--global-font-body:serif;}');
  });
});
