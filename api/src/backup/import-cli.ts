// `npm run import -- site.tar.gz` (from a build: `node api/dist/backup/import-cli.js site.tar.gz`):
// restores an archive from `npm run export` into the empty database and storage of DATA_DIR /
// DATABASE_URL (migrating the database first). All or nothing; refuses a non-empty target or a
// damaged or hostile archive with a message and changes nothing. The archive's bounds can be
// raised for a very large site: --max-files, --max-bytes, --max-file-bytes, --max-depth,
// --max-rows, --max-row-bytes (sizes take K, M, G, T: --max-bytes 200G).
import { parseArgs } from 'node:util';
import { invocationPath, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { Interrupted, runWithDatabase } from '../db/startup.js';
import { createLogger } from '../shared/logger.js';
import { storageFor } from '../uploads/storage-from-config.js';
import { importSite } from './import-site.js';
import { ArchiveRefused, DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './site-archive.js';

const OPTIONS: Record<string, { limit: keyof ArchiveLimits; size?: boolean }> = {
  'max-files': { limit: 'maxEntries' },
  'max-bytes': { limit: 'maxTotalBytes', size: true },
  'max-file-bytes': { limit: 'maxFileBytes', size: true },
  'max-depth': { limit: 'maxDepth' },
  'max-rows': { limit: 'maxRows' },
  'max-row-bytes': { limit: 'maxRowBytes', size: true },
};

const USAGE = `Usage: npm run import -- <archive.tar.gz> [${Object.keys(OPTIONS)
  .map((name) => `--${name} N`)
  .join('] [')}]`;

function parseLimits(): { source: string; limits: Partial<ArchiveLimits> } {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: Object.fromEntries(Object.keys(OPTIONS).map((name) => [name, { type: 'string' as const }])),
  });
  if (positionals.length !== 1) throw new Error(USAGE);
  const limits: Partial<ArchiveLimits> = {};
  for (const [name, given] of Object.entries(values)) {
    const option = OPTIONS[name];
    const match = /^(\d+)\s*(?:([KMGT])i?B?)?$/i.exec(String(given));
    const value = match && Number(match[1]) * 1024 ** (match[2] ? 'KMGT'.indexOf(match[2].toUpperCase()) + 1 : 0);
    if (!value || !Number.isSafeInteger(value) || (match[2] && !option.size)) {
      throw new Error(`--${name} takes a whole number from 1${option.size ? ' (K, M, G or T after it for bytes)' : ''}; default ${DEFAULT_ARCHIVE_LIMITS[option.limit]}`);
    }
    limits[option.limit] = value;
  }
  return { source: positionals[0], limits };
}

let args: ReturnType<typeof parseLimits>;
try {
  args = parseLimits();
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const config = loadConfig();
const logger = createLogger({ logLevel: 'warn' });
// Migrated first (runWithDatabase): the archive is restored into the current schema.
await runWithDatabase(() => openDatabase(config, logger), { logger }, async (orm, signal) => {
  try {
    const file = invocationPath(args.source);
    const summary = await importSite({ orm, storage: await storageFor(config) }, file, { limits: args.limits, signal });
    const rows = Object.entries(summary.tables).map(([table, n]) => `${n} ${table}`).join(', ');
    console.log(`Imported ${rows}; ${summary.files} files from ${file}`);
    return 0;
  } catch (error) {
    if (error instanceof Interrupted) console.error(`Import ${error.message}. Nothing was changed.`);
    else if (error instanceof ArchiveRefused) console.error(`Import refused: ${error.message}. Nothing was changed.`);
    else console.error(`Import failed: ${(error as Error).message}`);
    return 1;
  }
});
