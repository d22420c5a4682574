import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './harness/axe.js';
import { baseUrl, launchBrowser } from './harness/browser.js';

// Issue 22 on the public site: a page reached by a link opens at its top and back/forward
// return to where the visitor was; the phone/tablet menu holds focus and its close button can
// be seen; the header reads well at 768 px; 3-card previews make one row at 768 px; the hero
// video can be paused and shows no browser controls without scripts.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
  return page;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls the link into the middle of the screen (smooth scrolling off) and gives the offset. */
async function scrollToLink(page: Page, name: string, within?: string): Promise<number> {
  const scope = within ? page.getByRole('navigation', { name: within }) : page;
  const link = scope.getByRole('link', { name });
  await link.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.waitForTimeout(100);
  return scrollY(page);
}

describe('scroll position across navigation', () => {
  for (const [from, link, to, within] of [
    ['/', 'View All News', '/news', undefined],
    ['/', 'View All Projects', '/clients', undefined],
    ['/', 'Get to Know Our Team', '/team', undefined],
    ['/news', 'Team', '/team', 'Footer'],
  ] as const) {
    it(`"${link}" on ${from} opens ${to} at its top; back returns to the old offset, forward to the top`, async () => {
      const page = await open(from, 390);
      const before = await scrollToLink(page, link, within);
      expect(before).toBeGreaterThan(900);
      const scope = within ? page.getByRole('navigation', { name: within }) : page;
      await scope.getByRole('link', { name: link }).click();
      await page.waitForURL((url) => url.pathname === to);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(150);
      expect({ to, y: await scrollY(page) }).toEqual({ to, y: 0 });

      await page.goBack();
      await page.waitForURL((url) => url.pathname === from);
      await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, before, { timeout: 3000 }).catch(() => {});
      // Within 2 px: offsets are fractional at some widths.
      const back = await scrollY(page);
      expect({ from, off: Math.abs(back - before) <= 2 ? 'within 2 px' : back }).toEqual({ from, off: 'within 2 px' });

      await page.goForward();
      await page.waitForURL((url) => url.pathname === to);
      await page.waitForTimeout(150);
      expect({ to, y: await scrollY(page) }).toEqual({ to, y: 0 });
      await page.close();
    });
  }

  it('a page opened at /#section shows that section under the header', async () => {
    for (const [width, section] of [[768, 'news'], [390, 'clients'], [1440, 'contact']] as const) {
      const page = await open(`/#${section}`, width);
      await page.waitForFunction((id) => document.activeElement?.id === id, section);
      await page.waitForTimeout(500);
      const top = await page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), section);
      expect({ width, section, top: top >= 0 && top <= 80 ? 'under the header' : top }).toEqual({ width, section, top: 'under the header' });
      await page.close();
    }
  });

  it('a #section link from a scrolled page lands on the section', async () => {
    const page = await open('/clients', 1440);
    await page.mouse.wheel(0, 1500);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#contact');
    await page.waitForFunction(() => document.activeElement?.id === 'contact');
    const top = await page.evaluate(() => Math.round(document.getElementById('contact')!.getBoundingClientRect().top));
    expect(top).toBeLessThanOrEqual(80);
    expect(top).toBeGreaterThanOrEqual(0);
    await page.close();
  });
});

/** WCAG contrast ratio of two opaque sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the menu below 1024 px', () => {
  for (const width of [390, 768]) {
    it(`at ${width}px: its close button stands out (3:1), Tab stays in the open menu, Escape closes it`, async () => {
      const page = await open('/team', width);
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
      // The X's colour against the button's fill laid over the header's, once its transition ended.
      const close = page.getByRole('button', { name: 'Close menu' });
      await close.evaluate((button) => Promise.all(button.getAnimations().map((animation) => animation.finished)));
      const colours = await close.evaluate((button) => {
        const rgba = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
        const fill = rgba(getComputedStyle(button).backgroundColor);
        const under = rgba(getComputedStyle(button.closest('header')!).backgroundColor);
        const alpha = fill[3] ?? 1;
        const shown = [0, 1, 2].map((i) => fill[i]! * alpha + under[i]! * (1 - alpha));
        return { icon: rgba(getComputedStyle(button).color).slice(0, 3), shown };
      });
      expect(contrast(colours.icon, colours.shown)).toBeGreaterThanOrEqual(3);

      const links = await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link').count();
      const visited: string[] = [];
      for (let i = 0; i < links + 2; i++) {
        await page.keyboard.press('Tab');
        visited.push(
          await page.evaluate(() => {
            const active = document.activeElement!;
            if (active.closest('#mobile-menu')) return `menu:${active.textContent}`;
            return active.getAttribute('aria-label') === 'Close menu' ? 'toggle' : `outside:${active.textContent?.slice(0, 30)}`;
          }),
        );
      }
      expect(visited.filter((where) => where.startsWith('outside'))).toEqual([]);
      expect(visited[links - 1]).toBe('menu:Contact');
      expect(visited[links]).toBe('toggle');

      await page.keyboard.press('Escape');
      await page.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
      await page.close();
    });

    it(`at ${width}px: axe finds nothing with the menu open`, async () => {
      for (const path of ['/', '/team', '/news', '/clients']) {
        const page = await open(path, width);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
        expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
        await page.close();
      }
    });
  }
});

describe('layout at 768 px', () => {
  it('the header shows the firm name and the menu button in one row, the links in the menu', async () => {
    const page = await open('/', 768);
    const header = await page.evaluate(() => {
      const bar = document.querySelector('header')!;
      const name = [...bar.querySelectorAll('span')].find((span) => span.textContent === 'Meridian')!;
      const box = name.getBoundingClientRect();
      const nav = document.querySelector('nav[aria-label="Main"]') as HTMLElement;
      return { nameWidth: Math.round(box.width), nameVisible: getComputedStyle(name.parentElement!).clip === 'auto', height: Math.round(bar.getBoundingClientRect().height), mainNavShown: nav.offsetParent !== null };
    });
    expect(header.nameWidth).toBeGreaterThan(40);
    expect(header.nameVisible).toBe(true);
    expect(header.mainNavShown).toBe(false);
    expect(header.height).toBeLessThanOrEqual(73);
    await expect(page.getByRole('button', { name: 'Open menu' }).isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('from 1024 px the ten links sit in one row beside the firm name, inside the screen', async () => {
    for (const width of [1024, 1440]) {
      const page = await open('/', width);
      const tops = await page.$$eval('nav[aria-label="Main"] a', (links) => links.map((a) => {
        const box = a.getBoundingClientRect();
        return { top: Math.round(box.top), right: Math.round(box.right) };
      }));
      expect(tops).toHaveLength(10);
      expect(new Set(tops.map((t) => t.top)).size).toBe(1);
      expect(Math.max(...tops.map((t) => t.right))).toBeLessThanOrEqual(width);
      await page.close();
    }
  });

  it('the 3-card news and project previews make one row', async () => {
    const page = await open('/', 768);
    for (const section of ['news', 'clients']) {
      const tops = await page.$$eval(`#${section} ul > li`, (items) => items.slice(0, 3).map((li) => Math.round(li.getBoundingClientRect().top)));
      expect(tops).toHaveLength(3);
      expect({ section, rows: new Set(tops).size }).toEqual({ section, rows: 1 });
    }
    await page.close();
  });
});

describe('hero video', () => {
  it('is not in the server-rendered page, so a browser without scripts shows no video controls', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    expect(html).not.toMatch(/<video/);
  });

  it('on a wide screen starts playing with a button that pauses it', async () => {
    const page = await open('/', 1440);
    const pauseButton = page.getByRole('button', { name: 'Pause background video' });
    await pauseButton.waitFor();
    expect(await page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).autoplay)).toBe(true);
    await pauseButton.click();
    await page.getByRole('button', { name: 'Play background video' }).waitFor();
    expect(await page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).paused)).toBe(true);
    await page.close();
  });
});
