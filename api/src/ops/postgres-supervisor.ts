import type { Logger } from 'pino';
import { ClusterMissing, type EmbeddedPostgres } from '../db/embedded-postgres.js';
import { databaseHealth as defaultHealth, type DatabaseHealth } from './database-health.js';

// Keeps the embedded PostgreSQL running: when its postmaster exits on its own (a crash, an
// OOM kill, `kill -9`), start the same cluster again on the same port, so the connection pools
// (which only know that URL) reconnect by themselves. Committed transactions survive: crash
// recovery replays the WAL. When restarting cannot work (the cluster's files are gone, the port
// stays taken), give up and let the caller exit non-zero, so a process supervisor takes over.

/**
 * Waits before each attempt. The first is short (orphaned backends of the dead postmaster
 * need a moment to exit and release its shared memory); the sum keeps a typical recovery well
 * inside 15 s and gives up after about half a minute.
 */
export const RESTART_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000];

export interface SupervisorOptions {
  logger: Logger;
  /** Called once when the postmaster cannot be restarted; the caller should exit non-zero. */
  onGiveUp(error: Error): void;
  health?: DatabaseHealth;
  delaysMs?: readonly number[];
}

export interface Supervisor {
  /**
   * Ends supervision (shutdown): no restart is started any more. An attempt under way is not
   * waited for; the database's own stop() kills what it spawned.
   */
  stop(): void;
}

export function superviseEmbeddedPostgres(postgres: EmbeddedPostgres, options: SupervisorOptions): Supervisor {
  const log = options.logger.child({ component: 'postgres-supervisor' });
  const health = options.health ?? defaultHealth;
  const delays = options.delaysMs ?? RESTART_DELAYS_MS;
  let stopped = false;
  let restarting: Promise<void> | undefined;
  let cancelWait: (() => void) | undefined;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      cancelWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function restart(reason: string): Promise<void> {
    const crashedAt = Date.now();
    health.markPostmasterDown();
    log.error({ reason }, 'embedded PostgreSQL exited unexpectedly; restarting it');
    let lastError: Error = new Error('no attempt made');
    for (const [index, delay] of delays.entries()) {
      await wait(delay);
      if (stopped) return;
      const attempt = { attempt: index + 1, of: delays.length };
      try {
        await postgres.restart();
        if (stopped) return;
        log.warn({ ...attempt, downMs: Date.now() - crashedAt }, 'embedded PostgreSQL restarted');
        health.markAvailable(log);
        return;
      } catch (error) {
        lastError = error instanceof Error ? error : new Error(String(error));
        if (stopped) return;
        if (lastError instanceof ClusterMissing) break;
        log.warn({ ...attempt, reason: lastError.message.split('\n').slice(0, 3).join(' | ') }, 'restart attempt failed');
      }
    }
    log.fatal({ reason: lastError.message }, 'could not restart the embedded PostgreSQL; giving up');
    options.onGiveUp(lastError);
  }

  postgres.onUnexpectedExit((reason) => {
    if (stopped || restarting) return;
    restarting = restart(reason).finally(() => (restarting = undefined));
  });

  return {
    stop() {
      stopped = true;
      cancelWait?.();
    },
  };
}
