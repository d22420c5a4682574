// `npm run export -- site.tar.gz` (from a build: `node api/dist/backup/export-cli.js site.tar.gz`):
// writes every content table, the admin accounts, the webhook endpoints and every uploaded file
// into one archive. Uses DATA_DIR / DATABASE_URL like the server and can run while it serves.
import { invocationPath, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { Interrupted, runWithDatabase } from '../db/startup.js';
import { createLogger } from '../shared/logger.js';
import { storageFor } from '../uploads/storage-from-config.js';
import { exportSite } from './export-site.js';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run export -- <archive.tar.gz>');
  process.exit(2);
}
const config = loadConfig();
const logger = createLogger({ logLevel: 'warn' });
await runWithDatabase(() => openDatabase(config, logger), { logger }, async (orm, signal) => {
  try {
    const file = invocationPath(target);
    const summary = await exportSite({ orm, storage: await storageFor(config) }, file, { signal });
    const rows = Object.entries(summary.tables).map(([table, n]) => `${n} ${table}`).join(', ');
    console.log(`Exported ${rows}; ${summary.files} files (${summary.bytes} bytes) to ${file}`);
    return 0;
  } catch (error) {
    if (error instanceof Interrupted) console.error(`Export ${error.message}: no archive was written.`);
    else console.error(`Export failed: ${(error as Error).message}`);
    return 1;
  }
});
