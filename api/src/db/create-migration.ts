// Development tool: `npm run migration:create -w api [-- name]`. Applies the committed migrations
// to a throwaway embedded PostgreSQL, then writes a migration for whatever the entities add
// beyond them into src/db/migrations (add it to migrations/index.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../shared/logger.js';
import { openScratchDatabase } from './database.js';
import { runWithDatabase } from './startup.js';

const logger = createLogger({ logLevel: 'info' });
await runWithDatabase(() => openScratchDatabase(logger), { logger }, async (orm) => {
  const target = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
  const result = await orm.migrator.create(target, false, false, process.argv[2]);
  console.log(result.fileName ? `wrote ${path.join(target, result.fileName)}` : 'entities match the migrations: nothing to write');
});
