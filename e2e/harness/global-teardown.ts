import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { ServerInfo } from './server-info.js';

const STOP_TIMEOUT_MS = 20_000;

/** Stops the server (it shuts its embedded PostgreSQL down on SIGTERM) and removes the data folder. */
export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as { __E2E_SERVER__?: { process: ChildProcess; info: ServerInfo } }).__E2E_SERVER__;
  if (!started) return;
  const { process: server, info } = started;
  if (server.exitCode === null && server.signalCode === null) {
    const stopped = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await stopped;
    clearTimeout(timer);
  }
  rmSync(info.dataDir, { recursive: true, force: true });
}
