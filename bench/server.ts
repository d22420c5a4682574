import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../e2e/harness/free-port.js';
import { productionEnv } from '../e2e/harness/production-env.js';

// The built server with demo content on a temporary data folder, on loopback, for the bench:
// started, restarted (to time a cold start) and stopped by the bench itself.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const ADMIN = { username: 'admin', password: 'bench-Admin-Password-1' };

/**
 * The Node options and the environment defaults (`NAME=${NAME:-value}`) that `npm start` runs the
 * server with (api's `serve` script), so the bench measures that.
 */
function serveScript(): { flags: string[]; envDefaults: Record<string, string> } {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'api/package.json'), 'utf8')) as { scripts: Record<string, string> };
  const serve = scripts.serve ?? '';
  const match = /\bnode ((?:--\S+ )*)dist\/main\.js/.exec(serve);
  if (!match) throw new Error("api/package.json: the serve script does not run 'node [--flags] dist/main.js'");
  const envDefaults = Object.fromEntries([...serve.slice(0, match.index).matchAll(/\b([A-Z_][A-Z0-9_]*)=\$\{\1:-([^$}]*)\}/g)].map((m) => [m[1], m[2]]));
  return { flags: match[1].trim().split(' ').filter(Boolean), envDefaults };
}

export interface BenchServerOptions {
  /** Starts the server with the V8 inspector on a loopback port (the bench reads its memory through it). */
  inspect?: boolean;
  /** Extra environment and Node options, to compare a setting side by side with the serve script's. */
  env?: Record<string, string>;
  nodeOptions?: string[];
}

export interface BenchServer {
  baseUrl: string;
  /** The server's DATA_DIR (its embedded PostgreSQL lives in `pg/`, its password in secrets.json). */
  dataDir: string;
  /** host:port of the server's inspector, when started with `inspect`. */
  inspector?: string;
  pid(): number;
  /** Stops the server and starts it again; resolves with the milliseconds from spawn to the first 200 of `/`. */
  restart(): Promise<number>;
  stop(): Promise<void>;
}

export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'consulting-site-bench-'));
  const port = await freePort();
  const serve = serveScript();
  // The serve script's variable defaults (MALLOC_ARENA_MAX) unless the caller's environment sets them.
  const env = productionEnv(
    dataDir,
    port,
    { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'info', ...options.env },
    { ...serve.envDefaults, ...process.env },
  );
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const baseUrl = `http://127.0.0.1:${port}`;
  const flags = [...serve.flags, ...(options.nodeOptions ?? [])];
  const inspector = options.inspect ? `127.0.0.1:${await freePort()}` : undefined;
  const run = (script: string, extra: string[] = []) =>
    spawn(process.execPath, [...flags, ...extra, path.join(ROOT, script)], { cwd: ROOT, env, stdio: ['ignore', log, log] });

  await new Promise<void>((resolve, reject) => {
    run('api/dist/db/seeds/demo.js').once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`demo seed exited with ${code} (log: ${dataDir})`))));
  });

  let child: ChildProcess;
  const start = async (): Promise<number> => {
    const started = performance.now();
    child = run('api/dist/main.js', inspector ? [`--inspect=${inspector}`] : []);
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} (log: ${dataDir}/server.log)`);
      const ok = await fetch(`${baseUrl}/`).then((r) => r.status === 200, () => false);
      if (ok) return performance.now() - started;
      if (Date.now() > deadline) throw new Error('the server did not answer 200 within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const stopChild = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  await start();
  return {
    baseUrl,
    dataDir,
    inspector,
    pid: () => child.pid!,
    async restart() {
      await stopChild();
      return start();
    },
    async stop() {
      await stopChild();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
