// `npm run import -- site.tar.gz` (from a build: `node api/dist/backup/import-cli.js site.tar.gz`):
// restores an archive from `npm run export` into the empty database and storage of DATA_DIR /
// DATABASE_URL (migrating the database first). All or nothing; refuses a non-empty target or a
// damaged archive with a message and changes nothing.
import { invocationPath, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { runWithDatabase } from '../db/startup.js';
import { createLogger } from '../shared/logger.js';
import { storageFor } from '../uploads/storage-from-config.js';
import { importSite } from './import-site.js';
import { ArchiveRefused } from './site-archive.js';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run import -- <archive.tar.gz>');
  process.exit(2);
}
const config = loadConfig();
const logger = createLogger({ logLevel: 'warn' });
// Migrated first (runWithDatabase): the archive is restored into the current schema.
await runWithDatabase(() => openDatabase(config, logger), { logger }, async (orm) => {
  try {
    const file = invocationPath(source);
    const summary = await importSite({ orm, storage: await storageFor(config) }, file);
    const rows = Object.entries(summary.tables).map(([table, n]) => `${n} ${table}`).join(', ');
    console.log(`Imported ${rows}; ${summary.files} files from ${file}`);
    return 0;
  } catch (error) {
    console.error(error instanceof ArchiveRefused ? `Import refused: ${error.message}. Nothing was changed.` : `Import failed: ${(error as Error).message}`);
    return 1;
  }
});
