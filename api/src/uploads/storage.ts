import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a file is written from: bytes in memory, or a stream (never buffered whole by the storage). */
export type StoredBody = Uint8Array | Readable;

/**
 * Where uploaded images (and their variants) live: local disk (LocalDiskStorage) or an
 * S3-compatible bucket (S3Storage), chosen by `STORAGE` (storage-from-config.ts).
 */
export interface ImageStorage {
  /**
   * Stores the whole file under `name` atomically: readers never see a partial file, and a
   * failed write (the body stream erred, the disk or bucket refused) leaves nothing behind.
   */
  save(name: string, body: StoredBody): Promise<void>;
  /** The stored file, or null when there is none. */
  open(name: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null>;
  has(name: string): Promise<boolean>;
  remove(name: string): Promise<void>;
  /** Every stored name (originals and variants), in no particular order. */
  list(): AsyncIterable<string>;
  /** Releases connections (S3 client sockets). */
  close?(): Promise<void>;
}

/** Files in one directory (`$DATA_DIR/uploads`); written to a temporary name, then renamed. */
export class LocalDiskStorage implements ImageStorage {
  constructor(readonly directory: string) {}

  async save(name: string, body: StoredBody): Promise<void> {
    const target = this.pathOf(name);
    await fs.mkdir(this.directory, { recursive: true });
    const temporary = path.join(this.directory, `.partial-${randomUUID()}`);
    try {
      const source = body instanceof Uint8Array ? Readable.from([body]) : body;
      await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async open(name: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null> {
    const file = this.pathOf(name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { stream: createReadStream(file), size: stat.size };
  }

  async has(name: string): Promise<boolean> {
    const stat = await fs.stat(this.pathOf(name)).catch(() => null);
    return stat?.isFile() ?? false;
  }

  async remove(name: string): Promise<void> {
    await fs.rm(this.pathOf(name), { force: true });
  }

  async *list(): AsyncIterable<string> {
    const names = await fs.readdir(this.directory).catch(() => [] as string[]);
    for (const name of names) if (isStoredName(name)) yield name;
  }

  private pathOf(name: string): string {
    if (!isStoredName(name)) throw new Error(`Not a stored file name: ${name}`);
    return path.join(this.directory, name);
  }
}

/** Names this app gives stored files: no directories, no hidden or partial files. */
export function isStoredName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_-]*\.(jpg|png|webp|gif|avif)$/.test(name);
}

export function localStorageFor(dataDir: string): LocalDiskStorage {
  return new LocalDiskStorage(path.join(dataDir, 'uploads'));
}
