import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Where uploaded images live. Local disk by default; an object store (S3-compatible) can
 * implement the same three operations when the app runs on several machines.
 */
export interface ImageStorage {
  /** Stores the whole file under `name` atomically: readers never see a partial file. */
  save(name: string, bytes: Uint8Array): Promise<void>;
  /** The stored file, or null when there is none. */
  open(name: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null>;
  remove(name: string): Promise<void>;
}

/** Files in one directory (`$DATA_DIR/uploads`); written to a temporary name, then renamed. */
export class LocalDiskStorage implements ImageStorage {
  constructor(readonly directory: string) {}

  async save(name: string, bytes: Uint8Array): Promise<void> {
    await fs.mkdir(this.directory, { recursive: true });
    const temporary = path.join(this.directory, `.partial-${randomUUID()}`);
    try {
      await fs.writeFile(temporary, bytes, { flag: 'wx' });
      await fs.rename(temporary, this.pathOf(name));
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

  async remove(name: string): Promise<void> {
    await fs.rm(this.pathOf(name), { force: true });
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
