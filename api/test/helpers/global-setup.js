// One embedded PostgreSQL for the whole jest run, on TEST_PG_PORT (default 54329) in a temporary
// directory; or the server of DATABASE_URL when set. Test files create their own databases on it
// (test-app.ts). Plain JS: jest loads global setup outside its module system, so the TypeScript
// starter is loaded through tsx.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { pino } from 'pino';

export const TEST_DATABASE_ENV = 'API_TEST_DATABASE_URL';

export default async function globalSetup() {
  if (process.env.DATABASE_URL) {
    process.env[TEST_DATABASE_ENV] = process.env.DATABASE_URL;
    return;
  }
  const { startEmbeddedPostgres } = await tsImport('../../src/db/embedded-postgres.ts', import.meta.url);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-pg-'));
  const server = await startEmbeddedPostgres({
    directory: path.join(directory, 'pg'),
    password: 'test',
    port: Number(process.env.TEST_PG_PORT || 54329),
    logger: pino({ level: 'warn' }),
    persistent: false,
  });
  globalThis.__testPostgres = { server, directory };
  process.env[TEST_DATABASE_ENV] = server.url;
}
