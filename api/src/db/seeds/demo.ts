// `npm run seed:demo` (or, from the build, `node api/dist/db/seeds/demo.js`): replaces every
// collection with fictional demo content and images. Uses DATA_DIR / DATABASE_URL like the
// server, and joins the embedded PostgreSQL when the server is running.
import { loadConfig } from '../../config.js';
import { createLogger } from '../../shared/logger.js';
import { storageFor } from '../../uploads/storage-from-config.js';
import { openDatabase } from '../database.js';
import { runWithDatabase } from '../startup.js';
import { seedDemoContent } from './demo-content.js';
import { seedFirstStartContent } from './first-start.js';

const config = loadConfig();
const logger = createLogger({ logLevel: 'warn' });
await runWithDatabase(
  () => openDatabase(config, logger),
  { logger, prepare: (orm) => seedFirstStartContent(orm.em.fork(), { timeZone: config.timeZone }) },
  async (orm) => {
    const storage = await storageFor(config);
    const counts = await seedDemoContent(orm.em.fork(), storage);
    await storage.close?.();
    console.log(`Demo content seeded: ${Object.entries(counts).map(([name, n]) => `${n} ${name}`).join(', ')}.`);
  },
);
