import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import type { Config } from '../../src/config.js';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/**
 * The app for one test file, signed in as the test admin: started before its tests (with these
 * settings and options, as startTestApp takes them), closed after.
 */
export function signedInApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): { app: TestApp; cookie: string } {
  const state = {} as { app: TestApp; cookie: string };
  beforeAll(async () => {
    state.app = await startTestApp(overrides, options);
    state.cookie = await state.app.login();
  });
  afterAll(async () => {
    await state.app?.close();
  });
  return state;
}

/** The names of the files in the app's local uploads folder, sorted. */
export function storedUploads(app: TestApp): string[] {
  const dir = path.join(app.deps.config.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}
