import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './harness/axe.js';
import { adminCredentials, baseUrl, launchBrowser } from './harness/browser.js';

// Accessibility of what an editor meets beyond empty forms (issue 22, item 8): an invalid Add News
// dialog (its error texts) and the admin's own pages at phone, tablet and desktop widths under
// axe-core, and the keyboard focus ring of a secondary button measured against its background.

const SHOTS = process.env.ADMIN_SHOTS_DIR; // set to save a screenshot of each scanned state

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/admin/login`);
  await page.getByLabel('Username').fill(adminCredentials().username);
  await page.getByLabel('Password').fill(adminCredentials().password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  return page;
}

/** axe-core on the settled page (no dialog half-way through its fade-in): its violations as lines. */
async function scan(page: Page, name: string): Promise<string[]> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 5000 },
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  return (await axeViolations(page)).map((v) => `${name}: ${v.id} ${JSON.stringify(v.nodes.slice(0, 3))}`);
}

describe('axe-core beyond empty forms', () => {
  for (const width of [390, 768, 1440]) {
    it(`finds nothing on an invalid Add News dialog, the dashboard and the not-found page at ${width} px`, async () => {
      const page = await signedIn(width);
      const found = await scan(page, `dashboard-${width}`);
      await page.goto(`${baseUrl()}/admin/news`);
      await page.getByRole('button', { name: /^Add News/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      // Every required field says what is missing.
      await dialog.getByText('Title is required').waitFor();
      expect(await dialog.locator('[id$="-error"]').count()).toBeGreaterThanOrEqual(3);
      found.push(...(await scan(page, `news-add-invalid-${width}`)));
      await page.goto(`${baseUrl()}/admin/unknown`);
      await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
      found.push(...(await scan(page, `not-found-${width}`)));
      expect(found).toEqual([]);
      await page.context().close();
    }, 120_000);
  }
});

/** WCAG contrast of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('focus ring', () => {
  it('of a secondary (outline) button reaches 3:1 against the dialog behind it (WCAG 2.4.11)', async () => {
    const page = await signedIn(1440);
    await page.goto(`${baseUrl()}/admin/news`);
    await page.getByRole('button', { name: /^Add News/ }).click();
    const cancel = page.getByRole('dialog').getByRole('button', { name: 'Cancel' });
    await cancel.waitFor();
    // Keyboard focus (focus-visible), as a keyboard user gets it.
    for (let i = 0; i < 60 && !(await cancel.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    const ring = await cancel.evaluate((el) => {
      const style = getComputedStyle(el);
      let behind: Element | null = el.parentElement;
      while (behind && ['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(behind).backgroundColor)) behind = behind.parentElement;
      return { visible: el.matches(':focus-visible'), color: style.outlineColor, width: parseFloat(style.outlineWidth), style: style.outlineStyle, background: getComputedStyle(behind ?? document.body).backgroundColor };
    });
    expect(ring).toMatchObject({ visible: true, style: 'solid' });
    expect(ring.width).toBeGreaterThanOrEqual(1);
    expect(contrast(ring.color, ring.background)).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });
});

describe('the webhooks table at 768 px', () => {
  it('fits beside the sidebar: every column shows, none under the sticky actions', async () => {
    const page = await signedIn(768);
    await page.goto(`${baseUrl()}/admin/webhooks`);
    await page.getByRole('button', { name: /Add Webhook/ }).click();
    const dialog = page.getByRole('dialog');
    const url = 'https://93.184.215.14/hooks/tablet-width'; // a public address literal: no DNS here
    await dialog.getByRole('textbox', { name: /URL/ }).fill(url);
    await dialog.getByText('Team Members', { exact: true }).click();
    await dialog.getByText('Contact Info', { exact: true }).click();
    await dialog.getByText('Active', { exact: true }).click(); // paused: no deliveries to other tests' changes
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: url });
    await row.waitFor();
    const fit = await page.evaluate(() => {
      const area = document.querySelector('table')!.parentElement!;
      return { scroll: area.scrollWidth, client: area.clientWidth };
    });
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    await page.getByRole('button', { name: `Delete ${url}` }).click();
    await page.getByRole('button', { name: `Delete ${url}` }).waitFor({ state: 'detached' });
    await page.context().close();
  });
});
