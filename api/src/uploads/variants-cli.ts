// `npm run variants` (from a build: `node api/dist/uploads/variants-cli.js`): makes the missing
// resized variants and link-preview pictures (`<base>-1200x630.jpg`) of every stored original,
// e.g. once after upgrading a site whose images were stored before they existed. Uses DATA_DIR /
// STORAGE like the server (disk or S3), needs no database and can run while the server serves;
// running it again does nothing new.
//   npm run variants                    make what is missing
//   npm run variants -- --remove-strays also delete stored variants of variants (`<base>-640-320.webp`)
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createLogger } from '../shared/logger.js';
import { imageWorker } from './image-jobs.js';
import { storageFor } from './storage-from-config.js';
import { makeMissingVariants } from './variants.js';

const USAGE = 'usage: npm run variants [-- --remove-strays]';

let removeStrays: boolean;
try {
  removeStrays = parseArgs({ options: { 'remove-strays': { type: 'boolean', default: false } } }).values['remove-strays'];
} catch {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const logger = createLogger({ logLevel: 'warn' });
const storage = await storageFor(config);
let status = 0;
try {
  const report = await makeMissingVariants(storage, { logger, removeStrays });
  console.log(
    `Checked ${report.originals} images: made ${report.made} variants for ${report.completed} of them` +
      (report.refused.length > 0 ? `; ${report.refused.length} could not be read as images and keep no variants: ${report.refused.join(', ')}` : '') +
      '.',
  );
  console.log(`Made ${report.socialMade} link-preview pictures (1200x630 JPEG).`);
  if (report.strays.length > 0) {
    console.log(
      removeStrays
        ? `Removed ${report.removed} stored variants of variants.`
        : `${report.strays.length} stored files are variants of variants, which nothing uses; --remove-strays deletes them.`,
    );
  }
} catch (error) {
  const cause = (error as Error).cause;
  console.error(`Making variants failed: ${(error as Error).message}${cause instanceof Error ? ` (${cause.message})` : ''}`);
  status = 1;
} finally {
  imageWorker.stop();
  await storage.close?.();
}
process.exit(status);
