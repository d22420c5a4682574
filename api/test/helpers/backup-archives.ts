import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { Header, Pax, type HeaderData } from 'tar';
import { migrate, openOrm } from '../../src/db/orm.js';
import { databaseUrl, testServerUrl } from './test-database.js';

const silent = pino({ level: 'silent' });

// Archives for the backup tests, written directly as tar blocks in gzip members (concatenated
// members are one gzip stream), so 200,000 files or a gigabyte of zeros take a second or two to
// make and a few megabytes on disk. Independent of the exporter: the import must take any
// well-formed archive and refuse any hostile one.

const BLOCK = 512;
const FLUSH_BYTES = 1024 * 1024;

export class TarGzBuilder {
  private readonly fd: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(target: string) {
    this.fd = fs.openSync(target, 'w');
  }

  /** Any header (a symlink, a device, an absolute path) with an optional body. */
  entry(data: HeaderData, body: Buffer = Buffer.alloc(0)): void {
    const fields: HeaderData = { mode: 0o644, uid: 0, gid: 0, mtime: new Date(0), type: 'File', size: body.length, ...data };
    // A long path goes in a pax header, as tar writes it (and tar's Header is slow to split one).
    if (fields.path && Buffer.byteLength(fields.path) > 99) {
      this.push(new Pax({ path: fields.path, size: fields.size, mtime: fields.mtime }).encode());
      fields.path = fields.path.slice(0, 99);
    }
    const header = new Header(fields);
    header.encode();
    this.push(header.block!);
    if (body.length > 0) this.body(body);
  }

  /** A plain file; returns its size and SHA-256 for the manifest. */
  file(path: string, body: Buffer | string): { size: number; sha256: string } {
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
    this.entry({ path, size: bytes.length }, bytes);
    return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** A file of `size` zero bytes, compressed once and repeated: a gigabyte costs about a megabyte. */
  zeros(path: string, size: number): void {
    this.entry({ path, size });
    this.flush();
    const unit = 8 * 1024 * 1024;
    const member = zlib.gzipSync(Buffer.alloc(unit), { level: 9 });
    let left = size;
    for (; left >= unit; left -= unit) fs.writeSync(this.fd, member);
    this.body(Buffer.alloc(left), size);
  }

  /** A file whose body comes in pieces of known total size (a table of 1.5 million rows). */
  streamed(path: string, size: number, pieces: Iterable<Buffer>): { size: number; sha256: string } {
    this.entry({ path, size });
    const hash = createHash('sha256');
    let written = 0;
    for (const piece of pieces) {
      hash.update(piece);
      written += piece.length;
      this.push(piece);
    }
    if (written !== size) throw new Error(`${path}: ${written} bytes written, ${size} declared`);
    this.pad(size);
    return { size, sha256: hash.digest('hex') };
  }

  close(): void {
    this.push(Buffer.alloc(BLOCK * 2));
    this.flush();
    fs.closeSync(this.fd);
  }

  private body(bytes: Buffer, total = bytes.length): void {
    this.push(bytes);
    this.pad(total);
  }

  private pad(size: number): void {
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding > 0) this.push(Buffer.alloc(padding));
  }

  private push(bytes: Buffer): void {
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    fs.writeSync(this.fd, zlib.gzipSync(Buffer.concat(this.pending), { level: 1 }));
    this.pending = [];
    this.pendingBytes = 0;
  }
}

export const BACKUP_TABLES = [
  'users',
  'countries',
  'brands',
  'team_members',
  'news',
  'clients',
  'contact_info',
  'landing_content',
  'statistics',
  'content_history',
  'webhook_endpoints',
];

export interface SiteArchiveOptions {
  /** Row JSON texts per table (absent tables are empty). */
  rows?: Record<string, string[]>;
  /** Tables written by the caller (streamed) before the others: their manifest entries. */
  streamedTables?: (builder: TarGzBuilder) => { table: string; rows: number; size: number; sha256: string }[];
  /** How many small files to add (named file-<n>.png, a few bytes each). */
  files?: number;
  /** Entries written before anything else (hostile ones). */
  before?: (builder: TarGzBuilder) => void;
}

export const smallFileName = (n: number) => `file-${String(n).padStart(7, '0')}.png`;
export const smallFileBody = (n: number) => `image ${n}`;

/** A complete, well-formed site archive (manifest last, as the exporter writes it). */
export function writeSiteArchive(file: string, options: SiteArchiveOptions = {}): void {
  const builder = new TarGzBuilder(file);
  options.before?.(builder);
  const tables = options.streamedTables?.(builder) ?? [];
  for (const table of BACKUP_TABLES) {
    if (tables.some((t) => t.table === table)) continue;
    const rows = options.rows?.[table] ?? [];
    const written = builder.file(`tables/${table}.json`, `[${rows.join(',\n')}]`);
    tables.push({ table, rows: rows.length, ...written });
  }
  const files: string[] = [];
  for (let n = 1; n <= (options.files ?? 0); n++) {
    const name = smallFileName(n);
    const written = builder.file(`uploads/${name}`, smallFileBody(n));
    files.push(JSON.stringify({ name, path: `uploads/${name}`, ...written }));
  }
  const manifest = JSON.stringify({
    format: 'consulting-site-backup',
    formatVersion: 1,
    createdAt: new Date().toISOString(),
    migrations: [],
    tables: tables.map(({ table, rows, size, sha256 }) => ({ table, rows, path: `tables/${table}.json`, size, sha256 })),
    files: [],
  }).replace('"files":[]', `"files":[\n${files.join(',\n')}\n]`);
  builder.file('manifest.json', manifest);
  builder.close();
}

/** Runs `task` while sampling the process's memory every 20 ms: the peak growth over the start. */
export async function peakMemoryGrowth<T>(task: () => Promise<T>): Promise<{ result: PromiseSettledResult<T>; rss: number; heap: number }> {
  const start = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - start.rss);
    heap = Math.max(heap, now.heapUsed - start.heapUsed);
  };
  const timer = setInterval(sample, 20);
  try {
    const [result] = await Promise.allSettled([task()]);
    sample();
    return { result, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

export const MB = 1024 * 1024;

/**
 * A fresh, migrated database on the test server, as `npm run import` sees it (without loading
 * the whole app, as test-app.ts does).
 */
export async function migratedTestDatabase(): Promise<{ orm: MikroORM; url: string; drop(): Promise<void> }> {
  const serverUrl = testServerUrl();
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const orm = await openOrm(serverUrl, silent);
    try {
      await orm.em.getConnection().execute(sql);
    } finally {
      await orm.close(true);
    }
  };
  await admin(`create database "${name}"`);
  const url = databaseUrl(serverUrl, name);
  const orm = await openOrm(url, silent);
  await migrate(orm);
  return {
    orm,
    url,
    async drop() {
      await orm.close(true);
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}
