import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, type LoadOptions, type LoadResult } from './load.js';

// `npm run bench` (run.ts) compares each public read with a bare node:http twin answering the
// very same bytes from memory: the twin, and the alternating load of both.

export const CONNECTIONS = 50;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = 2;
const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The twins' answers, one file each (run.ts removes the folder at the end). */
export const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));

export interface Target {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Every request asks as a browser does: compressed (brotli, else gzip). The server sends its
 * precompressed bytes; the bare twin sends those very bytes, with the same Content-Encoding.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' };

/** One answer of the server, as sent: status, headers and the bytes on the wire (still compressed). */
function rawResponse(baseUrl: string, target: Target): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: hostname,
        port,
        path: target.path,
        method: target.method ?? 'GET',
        headers: { ...target.headers, ...BROWSER_HEADERS, ...(target.body && { 'content-length': String(Buffer.byteLength(target.body)) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const name of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary']) {
            const value = res.headers[name];
            if (typeof value === 'string') headers[name] = value;
          }
          resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    request.on('error', reject);
    request.end(target.body);
  });
}

/** Starts the bare server answering what `url` answered (status, content type, encoding and bytes). */
export async function bareTwin(baseUrl: string, target: Target): Promise<{ url: string; child: ChildProcess }> {
  const { status, headers, body } = await rawResponse(baseUrl, target);
  if (status !== 200) throw new Error(`${target.name}: HTTP ${status}`);
  const file = path.join(scratch, `${target.name.replace(/\W+/g, '_')}.json`);
  writeFileSync(file, JSON.stringify({ status: 200, headers, body: body.toString('base64') }));
  const child = fork(path.join(ROOT, 'bench/bare-server.mjs'), [file], { stdio: 'inherit' });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  return { url: `http://127.0.0.1:${port}${target.path}`, child };
}

export interface Comparison {
  name: string;
  bare: number;
  bareP99: number;
  ours: number;
  p99: number;
  errors: number;
}

/** Alternates bare and ours, ROUNDS times each, and averages the throughputs. */
export async function compare(name: string, bareUrl: string, ours: Omit<LoadOptions, 'connections' | 'seconds'>, during?: () => () => void): Promise<Comparison> {
  const headers = { ...ours.headers, ...BROWSER_HEADERS };
  const base = { method: ours.method, headers, body: ours.body, connections: CONNECTIONS, seconds: SECONDS };
  await load({ ...base, ...ours, headers, seconds: 3 }); // warm-up (the JIT settles)
  const bareRuns: LoadResult[] = [];
  const ourRuns: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // The same requests (a random Host too, when asked), so the loader's own cost is the same.
    bareRuns.push(await load({ ...base, url: bareUrl, host: ours.host }));
    const stop = during?.();
    try {
      ourRuns.push(await load({ ...base, ...ours, headers }));
    } finally {
      stop?.();
    }
  }
  const mean = (runs: LoadResult[]) => runs.reduce((sum, r) => sum + r.perSecond, 0) / runs.length;
  return {
    name,
    bare: mean(bareRuns),
    bareP99: Math.max(...bareRuns.map((r) => r.p99)),
    ours: mean(ourRuns),
    p99: Math.max(...ourRuns.map((r) => r.p99)),
    errors: ourRuns.reduce((sum, r) => sum + r.errors, 0),
  };
}
