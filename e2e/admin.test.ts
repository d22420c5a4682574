import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminCredentials, baseUrl, launchBrowser } from './harness/browser.js';
import { withDatabase } from './harness/database.js';

// The admin panel in Chromium against the real built server and database (demo content):
// staff log in, change every kind of content, and the public pages follow.

/** A real 8x8 PNG (brick red), as an uploaded picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4YGCAFTEMLQkARmxIAeJ265UAAAAASUVORK5CYII=',
  'base64',
);

let browser: Browser;
let imagePath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A picture already in storage, for the URL fields (flag, logo).
  const countries = (await (await fetch(`${baseUrl()}/api/countries`)).json()) as { flagImageUrl: string }[];
  imagePath = countries[0].flagImageUrl;
});

afterAll(async () => {
  await browser?.close();
});

async function openAdmin(width = 1440): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/admin/login`);
  return { context, page };
}

async function logIn(page: Page, password = adminCredentials().password): Promise<void> {
  await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  await page.getByLabel('Username').fill(adminCredentials().username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function loggedInAdmin(width = 1440) {
  const admin = await openAdmin(width);
  await logIn(admin.page);
  await admin.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return admin;
}

/** A sidebar link (the dashboard cards are links too). */
const navLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label, exact: true });
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

/** The public page as an anonymous visitor sees it (server-rendered, then hydrated). */
async function publicPage(pathname: string): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${pathname}`, { waitUntil: 'networkidle' });
  return { page, close: () => context.close() };
}

async function expectPublicText(pathname: string, text: string, present: boolean): Promise<void> {
  const visit = await publicPage(pathname);
  try {
    const matches = visit.page.getByText(text, { exact: true });
    if (present) await matches.first().waitFor();
    else expect(await matches.count()).toBe(0);
  } finally {
    await visit.close();
  }
}

describe('admin login', () => {
  it("refuses a wrong password with the 'Error' toast", async () => {
    const { context, page } = await openAdmin();
    await logIn(page, 'not-the-password');
    await toast(page, 'Invalid credentials');
    expect(await page.getByText('Error', { exact: true }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await context.close();
  });

  it('lets a real account in, to the dashboard with the live counts', async () => {
    const { context, page } = await loggedInAdmin();
    await toast(page, 'Logged in successfully');
    expect(new URL(page.url()).pathname).toBe('/admin');
    const countries = (await (await fetch(`${baseUrl()}/api/countries`)).json()) as unknown[];
    await page.getByRole('list', { name: 'Content screens' }).getByRole('link', { name: `Countries ${countries.length} items` }).waitFor();
    await context.close();
  });

  it('sends an anonymous visitor of /admin to the login', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/admin/news`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await context.close();
  });
});

describe('editing content', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await loggedInAdmin());
  });
  afterAll(async () => {
    await context?.close();
  });

  it('changes the landing tagline and the landing page shows it', async () => {
    await navLink(page, 'Landing Content').click();
    const tagline = page.getByRole('textbox', { name: /Hero Tagline/ });
    await tagline.waitFor();
    const newTagline = `Decisions made clear ${Date.now()}`;
    await tagline.fill(newTagline);
    await page.getByRole('button', { name: /Save Changes/ }).click();
    await toast(page, 'Landing content updated successfully');
    await expectPublicText('/', newTagline, true);
  });

  it('changes the statistics', async () => {
    await navLink(page, 'Statistics').click();
    const experts = page.getByRole('spinbutton', { name: /Expert Consultants Count/ });
    await experts.waitFor();
    await experts.fill('77');
    await page.getByRole('button', { name: /Save Changes/ }).click();
    await toast(page, 'Statistics updated successfully');
    await navLink(page, 'Dashboard').click();
    // The dashboard's recent changes name the edit, its author and the field.
    // The dashboard shows its last answer at once (the first-start seed's edit of the statistics
    // names the same field), then the fresh one: wait for the edit made by the admin.
    const latest = page.getByRole('list', { name: 'Recent changes, newest first' }).getByRole('listitem').first();
    await latest.filter({ hasText: 'Edited Statistics' }).filter({ hasText: `by ${adminCredentials().username}` }).waitFor();
    expect(await latest.textContent()).toContain('Expert Consultants Count');
  });

  interface Case {
    link: string;
    addButton: RegExp;
    entity: string;
    publicPath: string;
    /** The text field whose value the public page shows. */
    nameField: RegExp;
    fill(page: Page, name: string): Promise<void>;
  }

  const uploadPicture = async (page: Page) => {
    await page.getByLabel('Picture file').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, 'Image uploaded successfully');
    await page.getByText(/Image uploaded: \/uploads\//).waitFor();
  };

  const cases: Case[] = [
    {
      link: 'Countries',
      addButton: /Add Country/,
      entity: 'Country',
      publicPath: '/',
      nameField: /Name/,
      async fill(page, name) {
        await page.getByRole('textbox', { name: /Name/ }).fill(name);
        await page.getByRole('textbox', { name: /Code/ }).fill('ZZ');
        await page.getByRole('textbox', { name: /Flag Image URL/ }).fill(imagePath);
      },
    },
    {
      link: 'Brands',
      addButton: /Add Brand/,
      entity: 'Brand',
      publicPath: '/',
      nameField: /^Name/,
      async fill(page, name) {
        await page.getByRole('textbox', { name: /^Name/ }).fill(name);
        await page.getByRole('textbox', { name: /Logo URL/ }).fill(imagePath);
        await page.getByRole('textbox', { name: /Website URL/ }).fill('https://www.example.com/brand');
      },
    },
    {
      link: 'Team Members',
      addButton: /Add Team Member/,
      entity: 'Team member',
      publicPath: '/team',
      nameField: /^Name/,
      async fill(page, name) {
        await page.getByRole('textbox', { name: /^Name/ }).fill(name);
        await page.getByRole('textbox', { name: /Position/ }).fill('Associate');
        await uploadPicture(page);
      },
    },
    {
      link: 'News',
      addButton: /Add News/,
      entity: 'News article',
      publicPath: '/news',
      nameField: /^Title/,
      async fill(page, name) {
        await page.getByRole('textbox', { name: /^Title/ }).fill(name);
        await page.getByRole('textbox', { name: /Brief/ }).fill('A short brief for the test article.');
        await uploadPicture(page);
      },
    },
    {
      link: 'Clients',
      addButton: /Add Client/,
      entity: 'Client project',
      publicPath: '/clients',
      nameField: /^Title/,
      async fill(page, name) {
        await page.getByRole('textbox', { name: /^Title/ }).fill(name);
        await page.getByRole('textbox', { name: /Country/ }).fill('Oman');
        await uploadPicture(page);
      },
    },
    {
      link: 'Contact Info',
      addButton: /Add Contact Info/,
      entity: 'Contact info',
      publicPath: '/',
      nameField: /Value/,
      async fill(page, name) {
        await page.getByRole('textbox', { name: /Type/ }).fill('address');
        await page.getByRole('textbox', { name: /Value/ }).fill(name);
        await page.getByRole('combobox', { name: /Icon/ }).selectOption('MapPin');
      },
    },
  ];

  for (const c of cases) {
    it(`${c.link}: add, edit and delete, and the public page follows`, async () => {
      const stamp = Date.now();
      const added = `E2E ${c.link} ${stamp}`;
      const edited = `E2E ${c.link} edited ${stamp}`;
      await navLink(page, c.link).click();
      await page.getByRole('button', { name: c.addButton }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await c.fill(page, added);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, `${c.entity} added successfully`);
      await dialog.waitFor({ state: 'detached' });
      await rowWith(page, added).waitFor();
      await expectPublicText(c.publicPath, added, true);

      await page.getByRole('button', { name: new RegExp(`^Edit .*${added}`) }).click();
      await dialog.waitFor();
      await page.getByRole('textbox', { name: c.nameField }).fill(edited);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, `${c.entity} updated successfully`);
      await rowWith(page, edited).waitFor();
      await expectPublicText(c.publicPath, edited, true);

      await page.getByRole('button', { name: new RegExp(`^Delete .*${edited}`) }).click();
      await toast(page, `${c.entity} deleted successfully`);
      await rowWith(page, edited).waitFor({ state: 'detached' });
      await expectPublicText(c.publicPath, edited, false);
    });
  }

  it('an uploaded picture is served and shown on the public page', async () => {
    const name = `E2E Portrait ${Date.now()}`;
    await navLink(page, 'Team Members').click();
    await page.getByRole('button', { name: /Add Team Member/ }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /Position/ }).fill('Analyst');
    await uploadPicture(page);
    const url = (await page.getByText(/Image uploaded: /).innerText()).replace('Image uploaded:', '').trim();
    expect(url).toMatch(/^\/uploads\/.+/);
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Team member added successfully');

    const visit = await publicPage('/team');
    try {
      const image = visit.page.getByRole('img', { name: `Portrait of ${name}` });
      await image.waitFor();
      expect(await image.getAttribute('src')).toBe(url);
      await visit.page.waitForFunction(
        (alt) => {
          const img = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
          // Shown from the original or one of its variants (srcset): loaded and decoded either way.
          return img?.complete && img.naturalWidth > 0;
        },
        `Portrait of ${name}`,
      );
    } finally {
      await visit.close();
    }
    const served = await fetch(`${baseUrl()}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a non-image before sending it', async () => {
    await navLink(page, 'News').click();
    await page.getByRole('button', { name: /Add News/ }).click();
    await page.getByLabel('Picture file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toast(page, 'Invalid file type');
    await toast(page, 'Please select an image file');
    expect(await page.getByText(/Image uploaded:/).count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('the shell', () => {
  it('keeps the sidebar state across a reload', async () => {
    const { context, page } = await loggedInAdmin();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');
    await page.keyboard.press('Control+b');
    await page.waitForFunction(() => document.querySelector('aside')?.getAttribute('data-state') === 'collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');
    await context.close();
  });

  it('opens the sidebar as a sheet on a phone-width screen', async () => {
    const { context, page } = await loggedInAdmin(390);
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('link', { name: 'News', exact: true }).click(); // in the sheet
    await page.getByRole('heading', { name: 'News' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/news');
    await context.close();
  });

  it('logs out, after which /admin goes to the login', async () => {
    const { context, page } = await loggedInAdmin();
    await page.getByRole('button', { name: /Logout/ }).click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await context.close();
  });

  it("a session deleted on the server mid-use gives 'Unauthorized' and the login", async () => {
    const { context, page } = await loggedInAdmin();
    await navLink(page, 'Countries').click();
    await page.getByRole('button', { name: /Add Country/ }).waitFor();

    const cookie = (await context.cookies()).find((c) => c.name === 'sid');
    expect(cookie).toBeDefined();
    const signed = decodeURIComponent(cookie!.value); // s:<sid>.<signature>
    const sid = signed.slice(2, signed.lastIndexOf('.'));
    const deleted = await withDatabase((db) => db.query('DELETE FROM sessions WHERE sid = $1', [sid]));
    expect(deleted.rowCount).toBe(1);

    await page.getByRole('button', { name: /Add Country/ }).click();
    await page.getByRole('textbox', { name: /Name/ }).fill('Never saved');
    await page.getByRole('textbox', { name: /Code/ }).fill('NS');
    await page.getByRole('textbox', { name: /Flag Image URL/ }).fill(imagePath);
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'You are logged out. Logging in again...');
    expect(await page.getByText('Unauthorized', { exact: true }).count()).toBe(1);
    await page.waitForURL(`${baseUrl()}/admin/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    const countries = (await (await fetch(`${baseUrl()}/api/countries`)).json()) as { name: string }[];
    expect(countries.map((c) => c.name)).not.toContain('Never saved');
    await context.close();
  });
});

