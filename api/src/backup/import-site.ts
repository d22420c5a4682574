import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import fsp from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { isStoredName, type ImageStorage } from '../uploads/storage.js';
import { readArchive, type EntrySink } from './archive-reader.js';
import { JsonArraySplitter, JsonStreamError } from './json-stream.js';
import { rowRules, type RowCheck } from './row-rules.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveRefused,
  backupTables,
  DEFAULT_ARCHIVE_LIMITS,
  type ArchiveLimits,
  type Manifest,
} from './site-archive.js';

export interface ImportSummary {
  tables: Record<string, number>;
  files: number;
}

export interface ImportOptions {
  /** Bounds on the archive; each absent one is DEFAULT_ARCHIVE_LIMITS'. */
  limits?: Partial<ArchiveLimits>;
  /** Aborting stops the import (between chunks of the archive) and rolls it back. */
  signal?: AbortSignal;
}

/** Rows per insert, and their most JSON bytes. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;
/** Files up to this size are read whole and written several at a time; larger ones are streamed. */
const SMALL_FILE_BYTES = 1024 * 1024;
/** Small files written to storage at once (so at most this many MiB of them in memory). */
const SAVES_IN_FLIGHT = 32;

type ManifestFile = Manifest['files'][number];

interface TableRead {
  rows: number;
  /** The columns of the first row (every row must have the same). */
  columns: string[] | null;
}

interface Checked {
  /** The manifest's tables, and how many files it lists. */
  manifest: Pick<Manifest, 'tables'> & { files: number };
  /** Every entry besides the manifest: its digest (`<size>:<sha256>`) as read. */
  found: Map<string, string>;
  tables: Map<string, TableRead>;
}

/**
 * Restores an archive written by exportSite into an empty, migrated database and storage, in two
 * passes over the archive, neither of which holds more than a batch of rows or a few files:
 *
 * 1. Check, changing nothing: every entry's header against the bounds (before its body is read),
 *    every row against its table's rules, then the manifest, format version, checksums, counts.
 * 2. Apply, in one transaction: the target must be empty; rows are inserted in batches as they
 *    stream by, files written to storage as they stream by (each checksum checked again), and
 *    if anything fails the rows roll back and the files already written are removed.
 *
 * Nothing is extracted to disk: there is no temporary folder to leave behind.
 */
export async function importSite(
  deps: { orm: MikroORM; storage: ImageStorage },
  archive: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const limits: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, ...options.limits };
  await fsp.access(archive).catch(() => {
    throw new ArchiveRefused(`No archive at ${archive}`);
  });
  const checked = await check(deps.orm, archive, limits, options.signal);
  await apply(deps, archive, checked, limits, options.signal);
  return {
    tables: Object.fromEntries(checked.manifest.tables.map((t) => [t.table, t.rows])),
    files: checked.manifest.files,
  };
}

// ---------------------------------------------------------------------------------------------
// Pass 1: check

async function check(orm: MikroORM, archive: string, limits: ArchiveLimits, signal?: AbortSignal): Promise<Checked> {
  const known = backupTables(orm);
  const columns = await targetColumns(orm, known);
  const rules = rowRules(orm);
  // One map for the files read and the files listed (they may come in either order), compact
  // because it has an entry per file: the value is a state letter and the digest, `<size>:<sha256>`.
  // F: read, not (yet) listed; L: listed, not (yet) read; B: both, and they agree.
  const found = new Map<string, string>();
  /** The first listed file that is wrong (refused in the order the checks are made below). */
  let fileProblem: string | undefined;
  let listedFiles = 0;
  const tables = new Map<string, TableRead>();
  /** The first row that breaks a rule (refused once the checksums show the archive is intact). */
  let rowProblem: { table: string; message: string } | undefined;
  let manifest: { rest?: unknown; broken: boolean } | undefined;

  const hashing = (path: string, hash: Hash, size: () => number) => () => {
    const digest = `${size()}:${hash.digest('hex')}`;
    const prior = found.get(path);
    if (prior !== undefined && prior[0] !== 'L') throw new ArchiveRefused(`The archive holds ${path} twice`);
    if (prior !== undefined && prior.slice(1) !== digest) fileProblem ??= `Checksum mismatch for ${path}: the archive is corrupted`;
    found.set(path, (prior === undefined ? 'F' : 'B') + digest);
  };
  const list = (file: ManifestFile) => {
    if (++listedFiles > limits.maxEntries) {
      throw new ArchiveRefused(`The manifest lists more than ${limits.maxEntries} files, the import's bound (--max-files)`);
    }
    if (!isStoredName(file.name) || file.path !== `uploads/${file.name}`) {
      fileProblem ??= `Not an uploaded file name: ${file.name}`;
      return;
    }
    const digest = `${file.size}:${file.sha256}`;
    const prior = found.get(file.path);
    if (prior !== undefined && prior[0] !== 'F') fileProblem ??= `The manifest lists ${file.path} twice`;
    else if (prior !== undefined && prior.slice(1) !== digest) fileProblem ??= `Checksum mismatch for ${file.path}: the archive is corrupted`;
    found.set(file.path, (prior === undefined ? 'L' : 'B') + digest);
  };

  await readArchive(archive, {
    limits,
    signal,
    onEntry(info): EntrySink | undefined {
      if (info.type === 'directory') return undefined;
      if (found.get(info.path)?.[0] === 'F' || found.get(info.path)?.[0] === 'B' || (info.path === 'manifest.json' && manifest)) {
        throw new ArchiveRefused(`The archive holds ${info.path} twice`);
      }
      const hash = createHash('sha256');
      let size = 0;

      if (info.path === 'manifest.json') {
        const state: { rest?: unknown; broken: boolean } = { broken: false };
        manifest = state;
        const splitter = new JsonArraySplitter({
          key: 'files',
          maxElementBytes: limits.maxRowBytes,
          onElement(text) {
            const file = manifestFile(text);
            if (!file) state.broken = true;
            else list(file);
          },
        });
        return {
          data(chunk) {
            if (state.broken) return;
            try {
              splitter.write(chunk);
            } catch (error) {
              if (error instanceof JsonStreamError && error.tooLarge) throw new ArchiveRefused(`The manifest is not a site backup's: ${error.message}`);
              if (error instanceof ArchiveRefused) throw error;
              state.broken = true;
            }
          },
          end() {
            if (state.broken) return;
            try {
              state.rest = splitter.end();
            } catch {
              state.broken = true;
            }
          },
        };
      }

      const table = /^tables\/([a-z_]+)\.json$/.exec(info.path)?.[1];
      if (table && known.includes(table)) {
        const read: TableRead = { rows: 0, columns: null };
        tables.set(table, read);
        const rule = rules.get(table);
        let broken = false;
        const splitter = new JsonArraySplitter({
          maxElementBytes: limits.maxRowBytes,
          onElement(text) {
            read.rows++;
            if (read.rows > limits.maxRows) {
              throw new ArchiveRefused(`The table ${table} has more than ${limits.maxRows} rows, the import's bound (--max-rows)`);
            }
            if (rowProblem) return; // one is enough; the rest is only counted
            const message = rowMessage(table, read, text, columns.get(table)!, rule);
            if (message) rowProblem = { table, message };
          },
        });
        return {
          data(chunk) {
            hash.update(chunk);
            size += chunk.length;
            if (broken) return;
            try {
              splitter.write(chunk);
            } catch (error) {
              if (error instanceof JsonStreamError && error.tooLarge) {
                throw new ArchiveRefused(`Row ${read.rows + 1} of the table ${table} is larger than ${limits.maxRowBytes} bytes, the import's bound (--max-row-bytes)`);
              }
              if (!(error instanceof JsonStreamError)) throw error;
              broken = true;
              rowProblem ??= { table, message: `tables/${table}.json is not a JSON list of rows (${error.message})` };
            }
          },
          end() {
            if (!broken) {
              try {
                splitter.end();
              } catch (error) {
                rowProblem ??= { table, message: `tables/${table}.json is not a JSON list of rows (${(error as Error).message})` };
              }
            }
            hashing(info.path, hash, () => size)();
          },
        };
      }

      // An upload (or an entry no manifest can list, refused below once the manifest is read).
      if (info.size > limits.maxFileBytes) {
        throw new ArchiveRefused(`The archive holds a file of more than ${limits.maxFileBytes} bytes (${info.path}), the import's bound (--max-file-bytes)`);
      }
      return {
        data(chunk) {
          hash.update(chunk);
          size += chunk.length;
        },
        end: hashing(info.path, hash, () => size),
      };
    },
  });

  // The archive read to its end within the bounds: now what its manifest says.
  const rest = manifest?.rest;
  if (!manifest || manifest.broken || typeof rest !== 'object' || rest === null || Array.isArray(rest)) {
    throw new ArchiveRefused('The archive has no readable manifest.json: not a site backup');
  }
  const head = rest as Partial<Manifest>;
  if (head.format !== ARCHIVE_FORMAT) throw new ArchiveRefused('The manifest does not describe a site backup (wrong format)');
  if (head.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveRefused(`The archive has format version ${String(head.formatVersion)}; this version of the site reads ${ARCHIVE_FORMAT_VERSION}`);
  }
  if (
    !Array.isArray(head.tables) ||
    !Array.isArray(head.files) ||
    !Array.isArray(head.migrations) ||
    !head.migrations.every((name) => typeof name === 'string') ||
    !head.tables.every(isTableEntry)
  ) {
    throw new ArchiveRefused('The manifest is incomplete (tables, files and migrations are required)');
  }

  const applied = new Set(
    (await orm.em.fork().getConnection().execute<{ name: string }[]>(`select name from mikro_orm_migrations`)).map((m) => m.name),
  );
  const unknown = head.migrations.filter((name) => !applied.has(name));
  if (unknown.length > 0) {
    throw new ArchiveRefused(`The archive comes from a newer version of the site (migrations ${unknown.join(', ')}); upgrade this one first`);
  }

  const expected = new Set<string>();
  for (const entry of head.tables) {
    if (!known.includes(entry.table)) throw new ArchiveRefused(`The archive has a table this version does not restore: ${entry.table}`);
    if (entry.path !== `tables/${entry.table}.json`) throw new ArchiveRefused(`Unexpected path for table ${entry.table}: ${entry.path}`);
    verifyEntry(found, entry);
    if (tables.get(entry.table)!.rows !== entry.rows) throw new ArchiveRefused(`${entry.path} does not hold the ${entry.rows} rows the manifest lists`);
    expected.add(entry.path);
  }
  for (const table of known) {
    if (!head.tables.some((t) => t.table === table)) throw new ArchiveRefused(`The archive lacks the table ${table}`);
  }
  if (rowProblem) throw new ArchiveRefused(rowProblem.message);
  if (fileProblem) throw new ArchiveRefused(fileProblem);
  for (const [path, state] of found) {
    if (state[0] === 'L') throw new ArchiveRefused(`The archive lacks ${path}, which its manifest lists`);
  }
  for (const [path, state] of found) {
    if (state[0] === 'F' && !expected.has(path)) throw new ArchiveRefused(`The archive holds a file its manifest does not list: ${path}`);
  }
  // From here on, the digest alone (pass 2 compares with it).
  for (const [path, state] of found) found.set(path, state.slice(1));
  return { manifest: { tables: head.tables, files: listedFiles }, found, tables };
}

/** Why a row may not be imported, or null: its JSON, its columns, its table's rules. */
function rowMessage(table: string, read: TableRead, text: string, target: Set<string>, rule: RowCheck | undefined): string | null {
  const where = `The table ${table}, row ${read.rows}`;
  let row: unknown;
  try {
    row = JSON.parse(text);
  } catch {
    return `${where} is not valid JSON`;
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return `${where} is not a record`;
  const record = row as Record<string, unknown>;
  const keys = Object.keys(record);
  if (!read.columns) {
    const missing = keys.filter((column) => !target.has(column));
    if (missing.length > 0) return `The table ${table} has no column ${missing.join(', ')} here`;
    read.columns = keys;
  } else if (keys.length !== read.columns.length || !read.columns.every((column) => column in record)) {
    return `${where} has other columns than its first row`;
  }
  const found = rule?.(record);
  if (!found) return null;
  const id = typeof record.id === 'number' || typeof record.id === 'string' ? ` (id ${String(record.id).slice(0, 40)})` : '';
  return `${where}${id}, field ${found.field}: ${found.message}`;
}

function manifestFile(text: string): ManifestFile | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const file = value as Partial<ManifestFile> | null;
  if (
    typeof file !== 'object' ||
    file === null ||
    typeof file.name !== 'string' ||
    typeof file.path !== 'string' ||
    typeof file.size !== 'number' ||
    typeof file.sha256 !== 'string'
  ) {
    return null;
  }
  return { name: file.name, path: file.path, size: file.size, sha256: file.sha256 };
}

function isTableEntry(entry: unknown): entry is Manifest['tables'][number] {
  const e = entry as Partial<Manifest['tables'][number]> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.table === 'string' &&
    typeof e.path === 'string' &&
    typeof e.rows === 'number' &&
    typeof e.size === 'number' &&
    typeof e.sha256 === 'string'
  );
}

function verifyEntry(found: Checked['found'], entry: { path: string; size: number; sha256: string }): void {
  const read = found.get(entry.path);
  if (read?.[0] !== 'F') throw new ArchiveRefused(`The archive lacks ${entry.path}, which its manifest lists`);
  if (read.slice(1) !== `${entry.size}:${entry.sha256}`) throw new ArchiveRefused(`Checksum mismatch for ${entry.path}: the archive is corrupted`);
}

async function targetColumns(orm: MikroORM, tables: string[]): Promise<Map<string, Set<string>>> {
  const rows = await orm.em
    .fork()
    .getConnection()
    .execute<{ table_name: string; column_name: string }[]>(
      `select table_name, column_name from information_schema.columns where table_schema = current_schema()`,
    );
  const columns = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const row of rows) columns.get(row.table_name)?.add(row.column_name);
  return columns;
}

// ---------------------------------------------------------------------------------------------
// Pass 2: apply

const changed = () => new Error('The archive changed while it was being imported; nothing was changed');

async function apply(
  deps: { orm: MikroORM; storage: ImageStorage },
  archive: string,
  checked: Checked,
  limits: ArchiveLimits,
  signal?: AbortSignal,
): Promise<void> {
  const { storage } = deps;
  // Entries met in this pass are marked in checked.found (their digest replaced by ''): on a
  // failure, the files among them are the ones to remove (no second list of 200,000 names).
  const { found } = checked;
  let seen = 0;
  const saving = new Set<Promise<unknown>>();
  const save = (name: string, body: Uint8Array | PassThrough): Promise<void> => {
    const running = storage.save(name, body);
    const settled = running.catch(() => undefined).finally(() => saving.delete(settled));
    saving.add(settled);
    return running;
  };
  try {
    await deps.orm.em.fork().transactional(async (em) => {
      await refuseNonEmptyTarget(em, checked, storage);
      const connection = em.getConnection();
      const ctx = em.getTransactionContext();
      // One statement at a time on the transaction's connection.
      let queue: Promise<unknown> = Promise.resolve();
      const serially = (sql: string, params: unknown[]) => {
        const next = queue.then(() => connection.execute(sql, params, 'run', ctx));
        queue = next.catch(() => undefined);
        return next;
      };

      await readArchive(archive, {
        limits,
        signal,
        maxInFlight: SAVES_IN_FLIGHT,
        onEntry(info): EntrySink | undefined {
          if (info.type === 'directory' || info.path === 'manifest.json') return undefined;
          const expected = found.get(info.path);
          if (!expected) throw changed(); // unknown, or met twice
          found.set(info.path, '');
          seen++;
          const hash = createHash('sha256');
          let size = 0;
          const update = (chunk: Buffer) => {
            hash.update(chunk);
            size += chunk.length;
          };
          const intact = () => `${size}:${hash.digest('hex')}` === expected;

          const table = /^tables\/([a-z_]+)\.json$/.exec(info.path)?.[1];
          if (table && checked.tables.has(table)) {
            const columns = checked.tables.get(table)!.columns;
            const list = (columns ?? []).map((c) => `"${c.replaceAll('"', '""')}"`).join(', ');
            // Columns the target has beyond the archive's (a later migration) take their defaults.
            const sql = `insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", ?::json)`;
            let batch: string[] = [];
            let bytes = 0;
            const flush = () => {
              if (batch.length === 0) return undefined;
              const json = `[${batch.join(',')}]`;
              batch = [];
              bytes = 0;
              return serially(sql, [json]).then(() => undefined);
            };
            const splitter = new JsonArraySplitter({
              maxElementBytes: limits.maxRowBytes,
              onElement(text) {
                batch.push(text);
                bytes += text.length;
              },
            });
            return {
              data(chunk) {
                update(chunk);
                splitter.write(chunk);
                if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) return flush();
              },
              end() {
                splitter.end();
                if (!intact()) throw changed();
                return flush();
              },
            };
          }

          const name = info.path.slice('uploads/'.length);
          if (!info.path.startsWith('uploads/') || !isStoredName(name)) throw changed();
          if (info.size <= SMALL_FILE_BYTES) {
            const parts: Buffer[] = [];
            return {
              data(chunk) {
                update(chunk);
                parts.push(chunk);
              },
              end() {
                if (!intact()) throw changed();
                return save(name, Buffer.concat(parts));
              },
            };
          }
          const body = new PassThrough();
          const stored = save(name, body);
          stored.catch(() => undefined);
          return {
            async data(chunk) {
              update(chunk);
              if (!body.write(chunk)) await once(body, 'drain');
            },
            async end() {
              if (!intact()) {
                body.destroy(changed());
                throw changed();
              }
              body.end();
              await stored;
            },
            abort(error) {
              body.destroy(error instanceof Error ? error : new Error('Import stopped'));
            },
          };
        },
      });
      if (seen !== found.size) throw changed();
      await queue;

      for (const [table, read] of checked.tables) {
        if (read.rows === 0) continue;
        const [{ sequence }] = await connection.execute<{ sequence: string | null }[]>(
          `select pg_get_serial_sequence(?, 'id') as sequence`,
          [table],
          'all',
          ctx,
        );
        if (sequence) await connection.execute(`select setval(?::regclass, (select max(id) from "${table}"))`, [sequence], 'all', ctx);
      }
      // Content restored after the endpoints (an archive in another order) queued events for
      // them: a restore is not a change to announce. The target had no endpoints, so every
      // delivery there is one of these.
      await connection.execute(`delete from webhook_deliveries`, [], 'run', ctx);
    });
  } catch (error) {
    await Promise.allSettled([...saving]);
    for (const [path, digest] of found) {
      if (digest === '' && path.startsWith('uploads/')) await storage.remove(path.slice('uploads/'.length)).catch(() => undefined);
    }
    throw error;
  }
}

/** Locks the target tables against concurrent writers, then insists they and the storage are empty. */
async function refuseNonEmptyTarget(em: EntityManager, checked: Checked, storage: ImageStorage): Promise<void> {
  const connection = em.getConnection();
  const ctx = em.getTransactionContext();
  const tables = checked.manifest.tables.map((t) => `"${t.table}"`).join(', ');
  await connection.execute(`lock table ${tables} in share row exclusive mode`, [], 'run', ctx);
  const filled: string[] = [];
  for (const { table } of checked.manifest.tables) {
    const [{ count }] = await connection.execute<{ count: string }[]>(`select count(*) as count from "${table}"`, [], 'all', ctx);
    if (Number(count) > 0) filled.push(`${table} (${count})`);
  }
  if (filled.length > 0) {
    throw new ArchiveRefused(
      `The target database is not empty: ${filled.join(', ')}. Import only into an empty one (a fresh DATA_DIR, or a new database in DATABASE_URL) before the server first starts there`,
    );
  }
  // One listing of the storage rather than a look-up per file (200,000 of them on S3).
  for await (const name of storage.list()) {
    if (checked.found.has(`uploads/${name}`)) throw new ArchiveRefused(`The target storage already holds ${name}; import only into empty storage`);
  }
}
