// `npm run import -- site.tar.gz` (from a build: `node api/dist/backup/import-cli.js site.tar.gz`):
// restores an archive from `npm run export` into the empty database and storage of DATA_DIR /
// DATABASE_URL (migrating the database first). All or nothing; refuses a non-empty target or a
// damaged archive with a message and changes nothing.
import { invocationPath, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrate, openOrm } from '../db/orm.js';
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
const database = await openDatabase(config, logger);
let status = 0;
try {
  const orm = await openOrm(database.url, logger);
  try {
    await migrate(orm);
    const file = invocationPath(source);
    const storage = await storageFor(config);
    const summary = await importSite({ orm, storage }, file);
    const rows = Object.entries(summary.tables).map(([table, n]) => `${n} ${table}`).join(', ');
    console.log(`Imported ${rows}; ${summary.files} files from ${file}`);
  } finally {
    await orm.close();
  }
} catch (error) {
  console.error(error instanceof ArchiveRefused ? `Import refused: ${error.message}. Nothing was changed.` : `Import failed: ${(error as Error).message}`);
  status = 1;
} finally {
  await database.stop();
}
process.exit(status);
