import type { Server } from 'node:http';
import { createApp } from './app.js';
import { loadServerConfig, publicUrlWarning, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { seedFirstAdmin, seedFirstStartContent } from './db/seeds/first-start.js';
import { openMigratedDatabase, within, type OpenedDatabase } from './db/startup.js';
import { drainable } from './ops/http-drain.js';
import { listenForMetrics } from './ops/metrics.js';
import { superviseEmbeddedPostgres } from './ops/postgres-supervisor.js';
import { createLogger } from './shared/logger.js';
import { storageFor } from './uploads/storage-from-config.js';

// The server: database (embedded unless DATABASE_URL, supervised), migrations and first-start
// seed (db/startup.ts), HTTP. SIGINT/SIGTERM: stop accepting, drain keep-alive connections
// (in-flight requests, and for a short window requests arriving on idle ones, finish and are
// answered with `Connection: close`), then close the app, the ORM and the embedded database, in
// that order. Exits as soon as that is done.

const SHUTDOWN_GRACE_MS = 10_000;
/** After the grace period, closing the app and the database gets this long before a hard exit. */
const TEARDOWN_LIMIT_MS = 5000;

let config: Config;
try {
  config = loadServerConfig();
} catch (error) {
  // A setting that is missing or wrong: its message alone, no stack trace.
  console.error(`Configuration error: ${(error as Error).message}`);
  process.exit(1);
}
const logger = createLogger(config);
const configWarning = publicUrlWarning(config);
if (configWarning) logger.warn(configWarning);

let opened: OpenedDatabase;
try {
  opened = await openMigratedDatabase(() => openDatabase(config, logger), {
    logger,
    prepare: async (orm) => {
      await seedFirstStartContent(orm.em.fork(), { timeZone: config.timeZone });
      await seedFirstAdmin(orm.em.fork(), config, logger);
    },
  });
} catch (error) {
  logger.fatal({ err: error }, 'start-up failed');
  process.exit(1);
}

const { orm, database } = opened;
let shutdown: (reason: string, exitCode: number) => void = (_reason, exitCode) => process.exit(exitCode);

// A dead embedded postmaster is restarted; when it cannot be, stop with an error so a process
// supervisor (systemd, Docker, Kubernetes) restarts the whole server.
const supervisor =
  database.embedded &&
  superviseEmbeddedPostgres(database.embedded, {
    logger,
    onGiveUp: () => shutdown('embedded PostgreSQL cannot be restarted', 1),
  });

try {
  const { app, metrics, close } = await createApp({ orm, config, logger, storage: await storageFor(config) });
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(config.port, () => resolve(listening));
    listening.once('error', reject);
  });
  const http = drainable(server);
  logger.info(`listening on http://localhost:${config.port} (${config.env})`);
  // Prometheus's own port (METRICS_PORT): /metrics without a token, for the network it is bound to.
  const metricsPort = config.metrics.port;
  const metricsListener = metricsPort === null ? null : await listenForMetrics(metrics, { port: metricsPort, host: config.metrics.host });
  if (metricsListener) logger.info(`metrics on http://${config.metrics.host}:${metricsListener.port}/metrics`);

  let stopping = false;
  shutdown = (reason, exitCode) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'shutting down: finishing in-flight requests');
    // Last resort: whatever hangs, the process ends after the grace period and the teardown limit.
    setTimeout(() => {
      logger.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + TEARDOWN_LIMIT_MS).unref();
    const run = async () => {
      supervisor?.stop();
      const { forced } = await http.drain(SHUTDOWN_GRACE_MS, { idleWindowMs: config.shutdownDrainWindowMs });
      if (forced > 0) logger.warn({ connections: forced }, 'grace period over: closed the remaining connections');
      await metricsListener?.close();
      await within(close(), TEARDOWN_LIMIT_MS, () => logger.warn('closing the app timed out'));
      await opened.close();
      logger.info('stopped');
      process.exit(exitCode);
    };
    run().catch((error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal, 0));
} catch (error) {
  logger.fatal({ err: error }, 'start-up failed');
  supervisor?.stop();
  await opened.close();
  process.exit(1);
}
