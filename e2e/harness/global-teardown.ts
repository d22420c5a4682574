import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { stopServer } from './stop-server';
import type { ServerInfo } from './server-info.js';

/** Stops the server (it shuts its embedded PostgreSQL down on SIGTERM) and removes the data folder. */
export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as { __E2E_SERVER__?: { process: ChildProcess; info: ServerInfo } }).__E2E_SERVER__;
  if (!started) return;
  await stopServer(started.process);
  rmSync(started.info.dataDir, { recursive: true, force: true });
}
