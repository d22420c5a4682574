import type { Server } from 'node:http';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate, openOrm } from './db/orm.js';
import { seedFirstAdmin, seedFirstStartContent } from './db/seeds/first-start.js';
import { createLogger } from './shared/logger.js';
import { storageFor } from './uploads/storage-from-config.js';

// The server: database (embedded unless DATABASE_URL), migrations, first-start seed, HTTP.
// SIGINT/SIGTERM: stop accepting, let in-flight requests finish, then close the app, the ORM
// and the embedded database, in that order.

const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
const logger = createLogger(config);
const database = await openDatabase(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'could not open the database');
  process.exit(1);
});

try {
  const orm = await openOrm(database.url, logger);
  const applied = await migrate(orm);
  if (applied.length > 0) logger.info({ migrations: applied }, 'applied migrations');
  await seedFirstStartContent(orm.em.fork());
  await seedFirstAdmin(orm.em.fork(), config, logger);

  const { app, close } = await createApp({ orm, config, logger, storage: await storageFor(config) });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(config.port, () => resolve(listening));
  });
  logger.info(`listening on http://localhost:${config.port} (${config.env})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed;
    clearTimeout(grace);
    await close();
    await orm.close();
    await database.stop();
    logger.info('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      shutdown(signal).catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
    });
  }
} catch (error) {
  logger.fatal({ err: error }, 'start-up failed');
  await database.stop();
  process.exit(1);
}
