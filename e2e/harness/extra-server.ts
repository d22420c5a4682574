import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopServer } from './stop-server';
import { freePort } from './free-port.js';
import { productionEnv } from './production-env.js';

// A second built server of a test file's own, on a fresh data folder with nothing seeded: the site
// as a fresh install shows it. The harness's shared server has the demo content.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY_TIMEOUT_MS = 120_000;

export interface ExtraServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startEmptyServer(): Promise<ExtraServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'consulting-site-e2e-empty-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const env = productionEnv(dataDir, port, { LOG_LEVEL: 'warn' });
  const log = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'api/dist/main.js')], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited !== undefined || Date.now() > deadline) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
      await stop();
      throw new Error(`the empty server did not start:\n${tail}`);
    }
    if (await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false)) return { baseUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
