import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { HYDRATED_EVENT } from './hydration';

// The boot script (entry-boot.ts) against a server-rendered page: nothing of the app loads until
// the visitor acts; a click that comes first is held and given to the same element once the app
// has hydrated; what was typed before is handed over; links elsewhere are left to the browser.

let appLoads = 0;

async function boot(html: string): Promise<void> {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  jest.resetModules();
  jest.unstable_mockModule('./entry-client', () => {
    appLoads += 1;
    return {};
  });
  await import('./entry-boot');
}

/** The app's code arrives (the import resolves) and React has hydrated: its handlers are on. */
async function hydrate(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  window.dispatchEvent(new Event(HYDRATED_EVENT));
}

beforeEach(() => {
  appLoads = 0;
});

afterEach(() => {
  // Each test's boot script lets go of the page (as it does once the app is there).
  window.dispatchEvent(new Event(HYDRATED_EVENT));
});

describe('the boot script on a server-rendered page', () => {
  it('loads nothing of the app while the page is only read', async () => {
    await boot('<main><h1>News</h1><a href="/news/one">One</a></main>');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(appLoads).toBe(0);
  });

  it('starts the app on the first sign of interaction', async () => {
    await boot('<main><a href="/news/one">One</a></main>');
    document.querySelector('a')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appLoads).toBe(1);
  });

  it('holds a click that comes before the app and gives it to the same element once hydrated', async () => {
    await boot('<header><button type="button" aria-expanded="false">Open menu</button></header>');
    const button = document.querySelector('button')!;
    const before = button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(before).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appLoads).toBe(1);
    // React's handler, attached by hydration.
    const opened = jest.fn();
    button.addEventListener('click', opened);
    expect(opened).not.toHaveBeenCalled();
    await hydrate();
    expect(opened).toHaveBeenCalledTimes(1);
    // Afterwards clicks are the app's alone: none is held or replayed.
    button.click();
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('holds a click on a link of the site (the app navigates it) but not one to another site, a new tab or a download', async () => {
    await boot(
      '<a id="own" href="/team">Team</a><a id="away" href="https://www.example.com/">Elsewhere</a><a id="tab" href="/imprint" target="_blank">Imprint</a><a id="file" href="/x.pdf" download>PDF</a>',
    );
    const click = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(click('away')).toBe(true);
    expect(click('tab')).toBe(true);
    expect(click('file')).toBe(true);
    expect(click('own')).toBe(false);
  });

  it('leaves a form to post itself when its submit button is pressed before the app is there', async () => {
    await boot('<form method="post" action="/api/enquiries/form"><input name="name"><button type="submit">Send</button></form>');
    const submit = document.querySelector('button')!;
    expect(submit.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))).toBe(true);
  });

  it('hands what was typed before the app to it, through the events React listens to', async () => {
    await boot('<form><input name="name"><textarea name="message"></textarea><input type="checkbox" name="consent"></form>');
    const name = document.querySelector<HTMLInputElement>('input[name="name"]')!;
    const message = document.querySelector('textarea')!;
    const consent = document.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    name.value = 'Ada';
    name.dispatchEvent(new Event('input', { bubbles: true }));
    message.value = 'Hello';
    message.dispatchEvent(new Event('input', { bubbles: true }));
    consent.click();
    const seen: string[] = [];
    name.addEventListener('input', () => seen.push(`name=${name.value}`));
    message.addEventListener('input', () => seen.push(`message=${message.value}`));
    consent.addEventListener('click', () => seen.push(`consent=${consent.checked}`));
    await hydrate();
    expect(seen.sort()).toEqual(['consent=true', 'message=Hello', 'name=Ada']);
    expect(consent.checked).toBe(true);
  });
});

describe('the boot script on the admin panel', () => {
  it('starts the app at once on an empty shell', async () => {
    await boot('');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appLoads).toBe(1);
  });
});
