import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { ArchiveRefused, type ArchiveLimits } from './site-archive.js';

// Reads a .tar.gz entry by entry, in one pass, without writing anything: each entry's header is
// checked against the bounds (entry count, total size, folder depth, allowed types, relative
// paths) before a byte of its body is read, and bodies go to the caller's sink chunk by chunk,
// with backpressure (a sink that returns a promise holds the archive until it settles). So a
// hostile archive costs at most the bounds, and memory stays flat whatever the archive's size.

export interface EntryInfo {
  /** Normalised relative path (`tables/news.json`; no `./`, no trailing slash). */
  path: string;
  type: 'file' | 'directory';
  /** Bytes of the body, from the header. */
  size: number;
}

/** Receives one entry's body. A returned promise holds the archive until it settles. */
export interface EntrySink {
  data?(chunk: Buffer): void | Promise<void>;
  /** The body is complete; a returned promise runs alongside the next entries (bounded in number). */
  end?(): void | Promise<void>;
  /** The read failed before this entry's end: release what the sink holds (a half-written file). */
  abort?(error: unknown): void;
}

export interface ReadOptions {
  limits: ArchiveLimits;
  signal?: AbortSignal;
  /** The sink for an entry, or undefined to skip its body. May throw to refuse the archive. */
  onEntry(info: EntryInfo): EntrySink | undefined;
  /** Most `end` promises running at once. */
  maxInFlight?: number;
}

/** tar headers, padding and extended (pax) headers allowed per entry beyond the bodies. */
const HEADER_ALLOWANCE = 4096;
const META_SLACK = 1024 * 1024;

export const damaged = (error: unknown) =>
  new ArchiveRefused(`The archive is damaged or not a .tar.gz written by npm run export (${(error as Error).message})`);

export async function readArchive(file: string, options: ReadOptions): Promise<void> {
  const { limits, signal } = options;
  const maxInFlight = options.maxInFlight ?? 16;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const fail = (error: unknown) => {
    failure ??= { error };
    wake?.();
  };
  const pending = new Set<Promise<void>>();
  const open = new Set<EntrySink>();
  let entries = 0;
  let contentBytes = 0;

  const onAbort = () => fail(signal!.reason);
  signal?.addEventListener('abort', onAbort, { once: true });

  const parser = new Parser({ strict: true });
  parser.on('error', (error: Error) => fail(damaged(error)));
  parser.on('entry', (entry: ReadEntry) => {
    try {
      if (failure) return void entry.resume();
      entries++;
      if (entries > limits.maxEntries) {
        throw new ArchiveRefused(`The archive holds more than ${limits.maxEntries} entries (files and folders), the import's bound (--max-files)`);
      }
      const type = entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'ContiguousFile' ? 'file' : entry.type === 'Directory' ? 'directory' : null;
      if (!type) throw new ArchiveRefused(`The archive holds ${describeType(entry.type)} (${shown(entry.path)}); a site backup holds only files and folders`);
      const path = checkedPath(entry.path, limits.maxDepth);
      const size = type === 'file' ? entry.size : 0;
      contentBytes += size;
      if (contentBytes > limits.maxTotalBytes) {
        throw new ArchiveRefused(`The archive holds more than ${limits.maxTotalBytes} bytes, the import's bound (--max-bytes); refused at ${shown(path)}`);
      }
      const sink = options.onEntry({ path, type, size });
      if (!sink) return void entry.resume();
      open.add(sink);
      entry.on('data', (chunk: Buffer) => {
        if (failure) return;
        try {
          const held = sink.data?.(chunk);
          if (held) {
            entry.pause();
            held.then(() => entry.resume(), fail);
          }
        } catch (error) {
          fail(error);
        }
      });
      entry.on('end', () => {
        open.delete(sink);
        if (failure) return sink.abort?.(failure.error);
        try {
          const running = sink.end?.();
          if (running) {
            const tracked: Promise<void> = running.then(
              () => void pending.delete(tracked),
              (error: unknown) => {
                pending.delete(tracked);
                fail(error);
              },
            );
            pending.add(tracked);
          }
        } catch (error) {
          fail(error);
        }
      });
    } catch (error) {
      fail(error);
      entry.resume();
    }
  });

  /** Waits for `event` on the parser, or for a failure. */
  const until = (event: string) =>
    new Promise<void>((resolve) => {
      if (failure) return resolve();
      const done = () => {
        parser.off(event, done);
        wake = undefined;
        resolve();
      };
      parser.once(event, done);
      wake = done;
    });
  const check = () => {
    if (failure) throw failure.error;
  };

  let raw = 0;
  try {
    check();
    await pipeline(createReadStream(file), zlib.createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        raw += chunk.length;
        // Headers and padding beyond the bodies are small; a stream of nothing else (a bomb of
        // empty or ignored entries) is refused like a body over the bound.
        if (raw > contentBytes + HEADER_ALLOWANCE * (entries + 1) + META_SLACK + chunk.length) {
          throw new ArchiveRefused('The archive is not a site backup: it holds far more tar headers than entries');
        }
        if (!parser.write(chunk)) await until('drain');
        check();
        while (pending.size >= maxInFlight) {
          await Promise.race(pending);
          check();
        }
      }
      const ended = until('end');
      parser.end();
      await ended;
      check();
      await Promise.all(pending);
      check();
    });
  } catch (error) {
    if (failure) throw failure.error;
    if (error instanceof ArchiveRefused) throw error;
    throw damaged(error);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    for (const sink of open) sink.abort?.(failure?.error);
    // Nothing may still be writing when the caller cleans up.
    await Promise.allSettled(pending);
  }
}

function describeType(type: string): string {
  switch (type) {
    case 'SymbolicLink':
      return 'a symbolic link';
    case 'Link':
      return 'a hard link';
    case 'CharacterDevice':
    case 'BlockDevice':
      return 'a device file';
    case 'FIFO':
      return 'a named pipe';
    default:
      return `an entry of type ${type}`;
  }
}

/** A path for messages: at most 200 characters. */
function shown(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}...` : path;
}

/** The entry's path, relative and normalised, or a refusal. */
function checkedPath(raw: string, maxDepth: number): string {
  if (raw.includes('\\') || raw.includes('\0')) throw new ArchiveRefused(`The archive holds an entry with an unusable name (${shown(raw)})`);
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) {
    throw new ArchiveRefused(`The archive holds an absolute path (${shown(raw)}); a site backup holds only relative ones`);
  }
  const parts = raw.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw new ArchiveRefused(`The archive holds a path that leads out of its folder (${shown(raw)})`);
  if (parts.length > maxDepth) {
    throw new ArchiveRefused(`The archive nests folders more than ${maxDepth} deep, the import's bound (--max-depth): ${shown(raw)}`);
  }
  return parts.join('/');
}
