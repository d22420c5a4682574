import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Header, Pax } from 'tar';

// Writes a .tar.gz entry by entry, each from bytes in memory or from a stream of known size, so
// an archive of any size is written without a copy of its files on disk or in memory. Only plain
// files: owner, group and mode are fixed (the archive does not carry this machine's users).

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);

export class TarGzWriter {
  private readonly gzip = zlib.createGzip();
  private readonly written: Promise<void>;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private readonly mtime = new Date();

  constructor(file: string) {
    // `wx`: never over an existing file (the caller writes to a fresh .partial name).
    this.written = pipeline(this.gzip, createWriteStream(file, { flags: 'wx' }));
    this.written.catch((error: Error) => {
      this.failure ??= error;
      this.wake?.();
    });
  }

  /** Adds a file; `body` must yield exactly `size` bytes. `onChunk` sees every byte (hashing). */
  async add(path: string, size: number, body: Uint8Array | AsyncIterable<Uint8Array>, onChunk?: (chunk: Uint8Array) => void): Promise<void> {
    const header = new Header({ path, size, mode: 0o644, uid: 0, gid: 0, mtime: this.mtime, type: 'File' });
    if (header.encode()) await this.put(new Pax({ path, size, mtime: this.mtime }).encode());
    await this.put(header.block!);
    let seen = 0;
    const chunks = body instanceof Uint8Array ? [body] : body;
    for await (const chunk of chunks) {
      seen += chunk.length;
      if (seen > size) break;
      onChunk?.(chunk);
      await this.put(chunk);
    }
    if (seen !== size) throw new Error(`${path} changed while it was being archived (${seen} bytes instead of ${size})`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding > 0) await this.put(ZEROS.subarray(0, padding));
  }

  /** Writes the end of the archive and waits until it is on disk. */
  async finish(): Promise<void> {
    await this.put(ZEROS);
    this.gzip.end();
    await this.written;
  }

  /** Abandons the archive (the caller removes the file). */
  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.written.catch(() => undefined);
  }

  private async put(bytes: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.gzip.write(bytes)) return;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        this.gzip.off('drain', done);
        this.wake = undefined;
        if (this.failure) reject(this.failure);
        else resolve();
      };
      this.gzip.once('drain', done);
      // The pipeline may fail while we wait (a full disk): that wakes us too.
      this.wake = done;
    });
  }
}
