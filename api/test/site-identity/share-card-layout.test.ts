import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { BRAND_TOKENS } from '../../src/site-identity/brand.js';
import { CARD_HEIGHT, CARD_WIDTH, initialOf, layoutTexts, shareCardLayout } from '../../src/site-identity/layout.js';
import { renderIconSet, renderShareCard } from '../../src/site-identity/render.js';
import { sharedPagePath } from '../../src/site-identity/share-pages.js';
import { webManifest } from '../../src/site-identity/site-identity.routes.js';

// The drawing of the firm's images without the server: what a share card says (its layout's text,
// since a PNG's text cannot be read back), the initial of the generated mark, the paths of the
// cards, the manifest, and the brand colours against the web app's theme.

describe('the share card layout', () => {
  it('says the firm name and the page title ("News")', () => {
    const texts = layoutTexts(shareCardLayout({ firmName: 'Acme Partners', title: 'News', logo: null }));
    expect(texts).toContain('Acme Partners');
    expect(texts).toContain('News');
    // Without a logo: the generated mark, the firm's initial.
    expect(texts).toContain('A');
  });

  it('shows an uploaded logo as an image of the size given, on a plate when it is made for light backgrounds', () => {
    const layout = shareCardLayout({ firmName: 'Acme', title: 'Our Team', logo: { src: 'data:image/png;base64,AAAA', width: 200, height: 60, plate: true } });
    const json = JSON.stringify(layout);
    expect(json).toContain('"src":"data:image/png;base64,AAAA"');
    expect(json).toContain('"width":200');
    expect(layoutTexts(layout)).toEqual(['Acme', 'Our Team']);
  });

  it('draws a 1200x630 PNG, a long title too (cut at three lines), and different titles differently', async () => {
    const long = 'A very long title '.repeat(16).trim();
    const [news, team, longCard] = await Promise.all([
      renderShareCard({ firmName: 'Acme', title: 'News', logo: null }),
      renderShareCard({ firmName: 'Acme', title: 'Our Team', logo: null }),
      renderShareCard({ firmName: 'Acme', title: long, logo: null }),
    ]);
    for (const card of [news, team, longCard]) {
      const meta = await sharp(card).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: CARD_WIDTH, height: CARD_HEIGHT });
    }
    expect(Buffer.from(news).equals(Buffer.from(team))).toBe(false);
  });

  it('falls back to the mark when the logo is not an image', async () => {
    const card = await renderShareCard({ firmName: 'Acme', title: 'News', logo: { bytes: Buffer.from('not an image'), onLight: true } });
    expect((await sharp(card).metadata()).width).toBe(CARD_WIDTH);
  });
});

describe('the generated mark and icons', () => {
  it('takes the first letter or digit of the name, upper case', () => {
    expect(initialOf('acme')).toBe('A');
    expect(initialOf('  "élan" advisory')).toBe('É');
    expect(initialOf('3M')).toBe('3');
    expect(initialOf('Жук')).toBe('Ж');
    expect(initialOf('---')).toBe('?');
  });

  it('makes the four icons at their sizes, from the mark or from a square source cropped from a wide one', async () => {
    const wide = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#ff0000' } }).png().toBuffer();
    for (const source of [null, wide]) {
      const { icons, fromSource } = await renderIconSet(source, 'A');
      expect(fromSource).toBe(source !== null);
      const sizes = await Promise.all(Object.values(icons).map(async (png) => sharp(png).metadata()));
      expect(sizes.map((meta) => [meta.format, meta.width, meta.height])).toEqual([
        ['png', 32, 32],
        ['png', 180, 180],
        ['png', 192, 192],
        ['png', 512, 512],
      ]);
    }
  });

  it('a source that is no image gives the mark', async () => {
    expect((await renderIconSet(Buffer.from('<svg'), 'A')).fromSource).toBe(false);
  });
});

describe('share card paths', () => {
  it('names the page path after /share/ and before .png; index is the home page', () => {
    expect(sharedPagePath('/share/index.png')).toBe('/');
    expect(sharedPagePath('/share/news.png')).toBe('/news');
    expect(sharedPagePath('/share/news/a-b.png')).toBe('/news/a-b');
    expect(sharedPagePath('/share/privacy-policy.png')).toBe('/privacy-policy');
    for (const path of ['/share/.png', '/share/news', '/share//x.png', '/icons/news.png', '/share/news.jpg']) expect({ path, page: sharedPagePath(path) }).toEqual({ path, page: null });
  });
});

describe('the brand colours', () => {
  it('are the web theme’s (web/src/theme.ts)', () => {
    const theme = readFileSync(new URL('../../../web/src/theme.ts', import.meta.url), 'utf8');
    for (const [token, value] of Object.entries(BRAND_TOKENS)) {
      const [palette, step] = token.split('.');
      const block = theme.slice(theme.indexOf(`${palette}: {`));
      const found = new RegExp(`\\b${step}: \\{ value: '(#[0-9a-f]{6})' \\}`).exec(block)?.[1];
      expect({ token, value: found }).toEqual({ token, value });
    }
  });

  it('the manifest names the firm, its short name (else its name) and its icons by version', () => {
    const identity = { version: 7, firmName: 'Acme Partners', shortName: null, description: 'We advise.', logoUrl: null, logoDarkUrl: null, iconUrl: null, heroTagline: null };
    const manifest = webManifest(identity);
    expect(manifest).toMatchObject({ name: 'Acme Partners', short_name: 'Acme Partners', start_url: '/', display: 'standalone', theme_color: BRAND_TOKENS['brand.900'] });
    expect(manifest.icons).toEqual([
      { src: '/icons/icon-192.png?v=7', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png?v=7', sizes: '512x512', type: 'image/png', purpose: 'any' },
    ]);
    expect(webManifest({ ...identity, shortName: 'Acme' }).short_name).toBe('Acme');
  });
});
