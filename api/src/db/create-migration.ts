// Development tool: `npm run migration:create -w api [-- name]`. Applies the committed migrations
// to a throwaway embedded PostgreSQL, then writes a migration for whatever the entities add
// beyond them (a new content type: its table, indexes and triggers) into src/db/migrations, and
// lists it in migrations/index.ts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../shared/logger.js';
import { openScratchDatabase } from './database.js';
import { generateMigration, registerMigrationFile } from './migration-files.js';
import { runWithDatabase } from './startup.js';

const logger = createLogger({ logLevel: 'info' });
await runWithDatabase(() => openScratchDatabase(logger), { logger }, async (orm) => {
  const target = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
  const migration = await generateMigration(orm, target, process.argv[2]);
  if (!migration.fileName) {
    console.log('entities match the migrations: nothing to write');
    return;
  }
  registerMigrationFile(target, migration.className);
  console.log(`wrote ${path.join(target, migration.fileName)} and listed it in migrations/index.ts`);
});
