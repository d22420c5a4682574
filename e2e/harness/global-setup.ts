import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopServer } from './stop-server';
import type { ServerInfo } from './server-info.js';
import { freePort } from './free-port';
import { productionEnv } from './production-env';

// Starts the BUILT server (node api/dist/main.js) on a free port with a temporary DATA_DIR,
// seeded with the demo content, and waits until /readyz answers. The teardown stops it.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-Admin-Password-1';
const READY_TIMEOUT_MS = 120_000;

function runToCompletion(script: string, env: NodeJS.ProcessEnv, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const log = openSync(logFile, 'a');
    const child = spawn(process.execPath, [script], { cwd: ROOT, env, stdio: ['ignore', log, log] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}:\n${tail(logFile)}`)),
    );
  });
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no log)';
  }
}

export default async function globalSetup(): Promise<void> {
  const mainScript = path.join(ROOT, 'api/dist/main.js');
  const seedScript = path.join(ROOT, 'api/dist/db/seeds/demo.js');
  for (const file of [mainScript, seedScript, path.join(ROOT, 'web/dist/server/entry-server.js')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: build first (npm run build), or run \`npm run test:e2e\`.`);
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'consulting-site-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const env = productionEnv(dataDir, port, { ADMIN_USERNAME, ADMIN_PASSWORD, LOG_LEVEL: 'info' });

  let server: ChildProcess | undefined;
  try {
    server = await startSeededServer(mainScript, seedScript, env, logFile, `http://127.0.0.1:${port}`);
  } catch (error) {
    // Nothing may outlive a failed start: the teardown only runs after a successful setup.
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const info: ServerInfo = { baseUrl, adminUsername: ADMIN_USERNAME, adminPassword: ADMIN_PASSWORD, dataDir, pid: server.pid! };
  const infoFile = path.join(dataDir, 'server.json');
  writeFileSync(infoFile, JSON.stringify(info));
  // Test files (same process in band, or workers spawned after this) find the server through this.
  process.env.E2E_SERVER_INFO = infoFile;
  (globalThis as { __E2E_SERVER__?: unknown }).__E2E_SERVER__ = { process: server, info };
}

async function startSeededServer(
  mainScript: string,
  seedScript: string,
  env: NodeJS.ProcessEnv,
  logFile: string,
  baseUrl: string,
): Promise<ChildProcess> {
  // The demo seed uses the same DATA_DIR (embedded PostgreSQL, uploads) and stops when done.
  await runToCompletion(seedScript, env, logFile);

  const log = openSync(logFile, 'a');
  const server = spawn(process.execPath, [mainScript], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  let exited: number | null | undefined;
  server.once('exit', (code) => (exited = code));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      if (exited !== undefined) throw new Error(`the server exited with ${exited} during start-up:\n${tail(logFile)}`);
      const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false);
      if (ready) return server;
      if (Date.now() > deadline) {
        throw new Error(`the server did not become ready within ${READY_TIMEOUT_MS / 1000}s:\n${tail(logFile)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stopServer(server);
    throw error;
  }
}
