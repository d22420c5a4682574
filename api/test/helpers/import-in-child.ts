// Restores an archive in a process of its own and prints, as one JSON line, what the import
// returned and how far the process's memory grew while it ran: `npm run import` runs alone, so
// its memory is measured alone, not inside a test runner that carries every earlier test file's
// heap and allocator state. Run by test/backup/scale.test.ts through tsx:
//   node --import tsx import-in-child.ts <database-url> <data-dir> <archive>
import { pino } from 'pino';
import { openOrm } from '../../src/db/orm.js';
import { importSite } from '../../src/backup/import-site.js';
import { localStorageFor } from '../../src/uploads/storage.js';
import { peakMemoryGrowth } from './backup-archives.js';

const [url, dataDir, archive] = process.argv.slice(2);
const orm = await openOrm(url, pino({ level: 'silent' }));
try {
  const { result, rss } = await peakMemoryGrowth(() => importSite({ orm, storage: localStorageFor(dataDir) }, archive));
  if (result.status === 'rejected') {
    console.log(JSON.stringify({ error: String((result.reason as Error)?.message ?? result.reason) }));
    process.exitCode = 1;
  } else {
    console.log(JSON.stringify({ files: result.value.files, tables: result.value.tables, rss }));
  }
} finally {
  await orm.close(true);
}
