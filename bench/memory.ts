import { readFileSync } from 'node:fs';
import { connectInspector, type Inspector } from './inspector.js';
import { load, type LoadOptions, type LoadResult } from './load.js';

// The server's memory during a long mixed load: resident size from /proc (as an operator sees it)
// and where it is: the V8 heap and the memory outside it that V8 is told of (Buffers, compression
// streams), read through the inspector of the server the bench started; pages of mapped files (the
// node binary, libraries) from /proc; and the rest: freed heap pages V8 keeps for reuse, malloc's
// memory (V8's own, native code's, freed but kept by the allocator), thread stacks.

const MiB = 1024 * 1024;

export interface MemorySample {
  /** Milliseconds since the load began. */
  at: number;
  /** Resident set size (VmRSS of /proc/<pid>/status), bytes. */
  rss: number;
  /** Of which pages of mapped files (RssFile): the node binary and libraries. */
  rssFile: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export interface MemoryUnderLoad {
  before: MemorySample;
  peak: MemorySample;
  after: MemorySample;
  samples: MemorySample[];
  result: LoadResult;
}

/** VmRSS and RssFile of /proc/<pid>/status, in bytes. */
export function resident(pid: number): { rss: number; rssFile: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), rssFile: kib('RssFile') };
}

async function sample(pid: number, inspector: Inspector, at: number): Promise<MemorySample> {
  const usage = await inspector.evaluate<{ heapTotal: number; heapUsed: number; external: number; arrayBuffers: number }>(
    '(({ heapTotal, heapUsed, external, arrayBuffers }) => ({ heapTotal, heapUsed, external, arrayBuffers }))(process.memoryUsage())',
  );
  return { at, ...resident(pid), ...usage };
}

/**
 * Runs `load` for its whole duration (with `during` started beside it, e.g. an editor saving),
 * sampling the server's memory every `everyMs`; `after` is taken once the load has ended.
 */
export async function memoryUnderLoad(
  pid: number,
  inspectorAt: string,
  options: LoadOptions,
  during?: () => () => void,
  everyMs = 1000,
): Promise<MemoryUnderLoad> {
  const inspector = await connectInspector(inspectorAt);
  try {
    const started = performance.now();
    const before = await sample(pid, inspector, 0);
    const samples: MemorySample[] = [before];
    let running = true;
    const sampling = (async () => {
      while (running) {
        await new Promise((resolve) => setTimeout(resolve, everyMs));
        if (running) samples.push(await sample(pid, inspector, performance.now() - started));
      }
    })();
    const stop = during?.();
    let result: LoadResult;
    try {
      result = await load(options);
    } finally {
      stop?.();
      running = false;
      await sampling;
    }
    const after = await sample(pid, inspector, performance.now() - started);
    samples.push(after);
    const peak = samples.reduce((max, s) => (s.rss > max.rss ? s : max));
    return { before, peak, after, samples, result };
  } finally {
    inspector.close();
  }
}

/** The table of before, peak and after: resident size and where it is, in MiB. */
export function memoryTable({ before, peak, after }: MemoryUnderLoad): string[] {
  const mb = (bytes: number) => Math.round(bytes / MiB);
  const row = (name: string, s: MemorySample) =>
    `| ${name} | ${mb(s.rss)} MiB | ${mb(s.heapTotal)} (${mb(s.heapUsed)}) | ${mb(s.external)} (${mb(s.arrayBuffers)}) | ${mb(s.rssFile)} | ${mb(s.rss - s.heapTotal - s.external - s.rssFile)} |`;
  return [
    '| RSS under load | RSS | V8 heap (used) | external (array buffers) | mapped files | rest |',
    '|---|---|---|---|---|---|',
    row('before', before),
    row(`peak (at ${Math.round(peak.at / 1000)} s)`, peak),
    row('after', after),
  ];
}
