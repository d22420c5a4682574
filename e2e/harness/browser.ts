import { existsSync } from 'node:fs';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { readServerInfo } from './server-info.js';

/** Where Debian's chromium package puts the browser; override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Starts headless Chromium. Fails (never skips) when the browser is not installed. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. The end-to-end tests need it: install it with ` +
        '`apt-get install -y chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

/** The running server started by the global setup: base URL and the admin account. */
export function server() {
  const info = readServerInfo();
  return {
    baseUrl: info.baseUrl,
    admin: { username: info.adminUsername, password: info.adminPassword },
    dataDir: info.dataDir,
  };
}

export const baseUrl = () => server().baseUrl;
export const adminCredentials = () => server().admin;

/**
 * Collects console errors, warnings and uncaught page errors, so a test can assert that a page
 * logged nothing (hydration mismatches are reported as console errors by React).
 */
export function watchConsole(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { problems };
}
