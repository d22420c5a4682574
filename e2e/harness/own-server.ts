import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';
import { productionEnv } from './production-env.js';

// A private server process for tests that kill things (its database, itself): the built
// server on its own DATA_DIR (empty, first-start content only) and port, never the shared one.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY_TIMEOUT_MS = 120_000;
export const OWN_ADMIN = { username: 'admin', password: 'own-server-Password-1' } as const;

export interface OwnServer {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** The server's log lines (JSON), parsed. */
  logLines(): Record<string, unknown>[];
  /** The embedded postmaster's pid, from its lock file. */
  postmasterPid(): number;
  /** Logs in and returns the Cookie header value. */
  login(): Promise<string>;
  /** SIGKILL if still running, then removes the data folder. */
  dispose(): Promise<void>;
}

export interface OwnServerOptions {
  /** The host the server is addressed by (and its PUBLIC_URL): 'localhost' where a browser needs a domain name (passkeys). */
  host?: '127.0.0.1' | 'localhost';
  /** More environment. */
  env?: NodeJS.ProcessEnv;
}

export async function startOwnServer(name: string, options: OwnServerOptions = {}): Promise<OwnServer> {
  const { host = '127.0.0.1' } = options;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `consulting-site-${name}-`));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const env = productionEnv(dataDir, port, {
    ADMIN_USERNAME: OWN_ADMIN.username,
    ADMIN_PASSWORD: OWN_ADMIN.password,
    LOG_LEVEL: 'info',
    PUBLIC_URL: `http://${host}:${port}`,
    ...options.env,
  });
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/main.js')], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let code: number | null | undefined;
  void exited.then((c) => (code = c));
  const baseUrl = `http://${host}:${port}`;

  const logLines = () =>
    readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const server: OwnServer = {
    baseUrl,
    dataDir,
    child,
    exited,
    logLines,
    postmasterPid: () => Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]),
    async login() {
      const response = await fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(OWN_ADMIN),
      });
      if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
      return response.headers.getSetCookie()[0].split(';')[0];
    },
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      // A postmaster orphaned by the SIGKILL above: stop it, if that pid is still ours.
      try {
        const pid = server.postmasterPid();
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir)) process.kill(pid, 'SIGQUIT');
      } catch {
        // not running
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (code !== undefined) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
      await server.dispose();
      throw new Error(`the server exited with ${code} during start-up:\n${tail}`);
    }
    if (await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false)) return server;
    if (Date.now() > deadline) {
      await server.dispose();
      throw new Error(`the server did not become ready within ${READY_TIMEOUT_MS / 1000}s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether a process with this pid is alive. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
