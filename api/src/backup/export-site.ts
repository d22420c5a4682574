import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IsolationLevel } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ImageStorage } from '../uploads/storage.js';
import { isStoredName } from '../uploads/storage.js';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, addReferencedUploads, backupTables, withVariants, type Manifest } from './site-archive.js';
import { TarGzWriter } from './tar-writer.js';

export interface ExportSummary {
  tables: Record<string, number>;
  files: number;
  bytes: number;
}

export interface ExportOptions {
  /** Aborting stops the export between rows and files; no archive is left. */
  signal?: AbortSignal;
}

/** Rows fetched from the database at a time. */
const FETCH_ROWS = 1000;

interface Spooled {
  table: string;
  rows: number;
  file: string;
  size: number;
  sha256: string;
}

/**
 * Writes the whole site into one .tar.gz: every backup table read in one consistent snapshot
 * (REPEATABLE READ, read only: the site keeps serving and writing meanwhile), and every uploaded
 * file those rows refer to, with its variants. Nothing is held whole in memory: rows come from a
 * cursor a thousand at a time into a temporary file per table (a tar header needs the size
 * first), files stream from storage straight into the archive, and the manifest's list of files
 * is spooled the same way and written last. The archive appears under its name only when complete.
 */
export async function exportSite(deps: { orm: MikroORM; storage: ImageStorage }, archive: string, options: ExportOptions = {}): Promise<ExportSummary> {
  const { signal } = options;
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'site-export-'));
  const partial = `${archive}.partial`;
  let writer: TarGzWriter | undefined;
  try {
    const tables = backupTables(deps.orm);
    const referenced = new Set<string>();
    const spooled: Spooled[] = [];
    const migrations = await deps.orm.em.fork().transactional(
      async (em) => {
        const connection = em.getConnection();
        const ctx = em.getTransactionContext();
        for (const table of tables) {
          const file = path.join(work, `${table}.json`);
          const out = new Spool(file);
          let rows = 0;
          await out.write('[');
          // Rows in their key order (the drafts are keyed by collection and record, redirects by collection and old slug).
          const order = table === 'content_draft' ? 't.collection, t.record_id' : table === 'slug_redirects' ? 't.collection, t.old_slug' : 't.id';
          await connection.execute(`declare backup_rows no scroll cursor for select row_to_json(t)::text as row from "${table}" t order by ${order}`, [], 'run', ctx);
          for (;;) {
            signal?.throwIfAborted();
            const batch = await connection.execute<{ row: string }[]>(`fetch ${FETCH_ROWS} from backup_rows`, [], 'all', ctx);
            if (batch.length === 0) break;
            for (const { row } of batch) {
              addReferencedUploads(row, referenced);
              await out.write(rows === 0 ? row : `,\n${row}`);
              rows++;
            }
          }
          await connection.execute(`close backup_rows`, [], 'run', ctx);
          await out.write(']');
          spooled.push({ table, rows, ...(await out.close()) });
        }
        const applied = await connection.execute<{ name: string }[]>(`select name from mikro_orm_migrations order by id`, [], 'all', ctx);
        return applied.map((m) => m.name);
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );

    writer = new TarGzWriter(partial);
    for (const table of spooled) await writer.add(`tables/${table.table}.json`, table.size, createReadStream(table.file));

    const names = new Set<string>();
    for (const name of referenced) for (const variant of withVariants(name)) if (isStoredName(variant)) names.add(variant);
    const fileList = new Spool(path.join(work, 'files.json'));
    let files = 0;
    let bytes = 0;
    for (const name of Array.from(names).sort()) {
      signal?.throwIfAborted();
      const stored = await deps.storage.open(name);
      if (!stored) continue; // a variant not made (yet), or a dangling reference
      const hash = createHash('sha256');
      const entry = `uploads/${name}`;
      try {
        await writer.add(entry, stored.size, stored.stream as AsyncIterable<Uint8Array>, (chunk) => hash.update(chunk));
      } finally {
        (stored.stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      }
      const listed = JSON.stringify({ name, path: entry, size: stored.size, sha256: hash.digest('hex') });
      await fileList.write(files === 0 ? `\n    ${listed}` : `,\n    ${listed}`);
      files++;
      bytes += stored.size;
    }
    const list = await fileList.close();

    const manifest: Omit<Manifest, 'files'> = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      tables: spooled.map(({ table, rows, size, sha256 }) => ({ table, rows, path: `tables/${table}.json`, size, sha256 })),
    };
    // The manifest as JSON.stringify(manifest, null, 2) would write it, the files from the spool.
    const head = `${JSON.stringify(manifest, null, 2).replace(/\n}$/, '')},\n  "files": [`;
    const tail = `\n  ]\n}\n`;
    const size = Buffer.byteLength(head) + list.size + Buffer.byteLength(tail);
    await writer.add('manifest.json', size, concat(head, list.file, tail));
    await writer.finish();
    writer = undefined;
    await fsp.rename(partial, archive);
    return { tables: Object.fromEntries(spooled.map((t) => [t.table, t.rows])), files, bytes };
  } finally {
    await writer?.abort();
    await fsp.rm(partial, { force: true });
    await fsp.rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }).catch(() => undefined);
  }
}

async function* concat(head: string, file: string, tail: string): AsyncIterable<Uint8Array> {
  yield Buffer.from(head);
  yield* createReadStream(file) as AsyncIterable<Buffer>;
  yield Buffer.from(tail);
}

/** A temporary file written with backpressure, its size and SHA-256 counted on the way. */
class Spool {
  private readonly out: WriteStream;
  private readonly hash = createHash('sha256');
  private size = 0;

  constructor(readonly file: string) {
    this.out = createWriteStream(file, { flags: 'wx' });
    this.out.on('error', () => undefined); // reported by write() and close()
  }

  async write(text: string): Promise<void> {
    const bytes = Buffer.from(text);
    this.hash.update(bytes);
    this.size += bytes.length;
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  async close(): Promise<{ file: string; size: number; sha256: string }> {
    this.out.end();
    if (!this.out.closed) await once(this.out, 'close');
    if (this.out.errored) throw this.out.errored;
    return { file: this.file, size: this.size, sha256: this.hash.digest('hex') };
  }
}
