// Development tool: `npm run migration:create -w api [-- name]`. Applies the committed migrations
// to a throwaway embedded PostgreSQL, then writes a migration for whatever the entities add
// beyond them into src/db/migrations (add it to migrations/index.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../shared/logger.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { migrate, openOrm } from './orm.js';

const logger = createLogger({ logLevel: 'info' });
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-pg-'));
const postgres = await startEmbeddedPostgres({
  directory: path.join(directory, 'pg'),
  password: 'migration',
  logger,
  persistent: false,
});
try {
  const orm = await openOrm(postgres.url, logger);
  await migrate(orm);
  const target = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
  const result = await orm.migrator.create(target, false, false, process.argv[2]);
  console.log(result.fileName ? `wrote ${path.join(target, result.fileName)}` : 'entities match the migrations: nothing to write');
  await orm.close();
} finally {
  await postgres.stop();
  fs.rmSync(directory, { recursive: true, force: true });
}
