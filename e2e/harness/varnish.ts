import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

// Varnish (Debian's varnish + varnish-modules for vmod xkey) started in the foreground with the
// project's caching rules (deploy/varnish/site.vcl) in front of one origin on loopback: a small
// main VCL of its own names the origin (probed on /readyz every half second, so a stopped origin
// is seen as sick within a few; a render keeping the origin busy for a second or two is not taken
// for an outage) and who may purge (this machine), then includes the project's rules,
// as deploy/varnish/default.vcl does for the compose replicas. Its own working folder (-n) in a
// temporary directory, so varnishlog and varnishstat read this instance only.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SITE_VCL = path.join(ROOT, 'deploy/varnish/site.vcl');
/** Where Debian's varnish package puts varnishd; override with VARNISHD_PATH. */
export const VARNISHD_PATH = process.env.VARNISHD_PATH ?? '/usr/sbin/varnishd';
const READY_TIMEOUT_MS = 30_000;
const run = promisify(execFile);

/** Fails (never skips) when varnishd is not installed. */
export function requireVarnish(): void {
  if (!existsSync(VARNISHD_PATH)) {
    throw new Error(
      `varnishd not found at ${VARNISHD_PATH}. The edge tests and the bench's Varnish row need Varnish with vmod xkey: ` +
        'install them with `apt-get install -y varnish varnish-modules` (Debian/Ubuntu), or set VARNISHD_PATH to a varnishd binary.',
    );
  }
}

export interface VarnishOptions {
  /** The origin's port on 127.0.0.1. */
  originPort: number;
  /** The port to listen on (127.0.0.1); a free one when not given. */
  port?: number;
  /** Cache size (varnishd -s malloc,<size>). */
  storage?: string;
}

export interface Varnish {
  baseUrl: string;
  port: number;
  /** The working folder (-n): varnishlog, varnishstat and varnishadm take it. */
  workDir: string;
  /** Stops varnishd (its cache is gone with it). */
  stop(): Promise<void>;
  /** Starts it again on the same port and working folder, and waits until it answers. */
  start(): Promise<void>;
  /** Whether Varnish's probe sees the origin as healthy now (varnishadm backend.list). */
  originHealthy(): Promise<boolean>;
  /** The requests still in the shared-memory log that match a varnishlog query, grouped by request. */
  logged(query: string): Promise<string>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
}

function mainVcl(originPort: number): string {
  return `vcl 4.1;

probe ready {
	.url = "/readyz";
	.interval = 0.5s;
	.timeout = 2s;
	.window = 5;
	.threshold = 3;
	.initial = 3;
}

backend origin {
	.host = "127.0.0.1";
	.port = "${originPort}";
	.probe = ready;
	.connect_timeout = 1s;
	.first_byte_timeout = 30s;
}

acl purgers {
	"127.0.0.1";
	"::1";
}

sub vcl_recv {
	set req.backend_hint = origin;
}

include "${SITE_VCL}";
`;
}

export async function startVarnish(options: VarnishOptions): Promise<Varnish> {
  requireVarnish();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'consulting-site-varnish-'));
  const workDir = path.join(dir, 'work');
  const vclFile = path.join(dir, 'main.vcl');
  const logFile = path.join(dir, 'varnishd.log');
  writeFileSync(vclFile, mainVcl(options.originPort));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const args = [
    '-F',
    '-n', workDir,
    '-a', `127.0.0.1:${port}`,
    '-f', vclFile,
    '-s', `malloc,${options.storage ?? '128m'}`,
    // Everything as the user running the test (as root too: no drop to the varnish users, which
    // could not read this temporary folder).
    '-j', 'none',
    // The management interface on loopback only, for varnishadm.
    '-T', '127.0.0.1:0',
  ];

  const api: Varnish = {
    baseUrl,
    port,
    workDir,
    async start() {
      const log = openSync(logFile, 'a');
      const started = spawn(VARNISHD_PATH, args, { stdio: ['ignore', log, log] });
      child = started;
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      const deadline = Date.now() + READY_TIMEOUT_MS;
      for (;;) {
        if (started.exitCode !== null || started.signalCode !== null) {
          throw new Error(`varnishd exited with ${started.exitCode ?? started.signalCode}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
        }
        // Answering, and the origin seen as healthy (a page comes back, whatever its status).
        const status = await fetch(`${baseUrl}/readyz`).then((r) => r.status, () => 0);
        if (status === 200) return;
        if (Date.now() > deadline) {
          await api.stop();
          throw new Error(`varnishd did not answer 200 for /readyz within ${READY_TIMEOUT_MS / 1000}s (last ${status}):\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const stopping = child;
      stopping.kill('SIGTERM');
      const timer = setTimeout(() => stopping.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    async originHealthy() {
      const { stdout } = await run('varnishadm', ['-n', workDir, 'backend.list']);
      return /\borigin\b.*\bhealthy\b/.test(stdout);
    },
    async logged(query: string) {
      const { stdout } = await run('varnishlog', ['-n', workDir, '-d', '-g', 'request', '-q', query], { maxBuffer: 64 * 2 ** 20 });
      return stdout;
    },
    async dispose() {
      await api.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await api.start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return api;
}
