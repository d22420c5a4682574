import { createHash, type Hash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { isStoredName } from '../uploads/storage.js';
import { readArchive, type EntrySink } from './archive-reader.js';
import { isTableEntry, manifestFile, rowMessage, targetColumns, verifyEntry, type ManifestFile, type TableRead } from './import-entries.js';
import { JsonArraySplitter, JsonStreamError } from './json-stream.js';
import { rowRules } from './row-rules.js';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ArchiveRefused, backupTables, SIGN_IN_TABLES, type ArchiveLimits, type Manifest } from './site-archive.js';

// The import's first pass (import-site.ts): the whole archive checked, changing nothing.

export interface Checked {
  /** The manifest's tables, and how many files it lists. */
  manifest: Pick<Manifest, 'tables'> & { files: number };
  /** Every entry besides the manifest: its digest (`<size>:<sha256>`) as read. */
  found: Map<string, string>;
  tables: Map<string, TableRead>;
}

/** Tables added after the first archives: an archive may lack them. */
const LATER_TABLES: ReadonlySet<string> = new Set(['content_draft', 'slug_redirects', 'site_settings', 'pages', ...SIGN_IN_TABLES]);

export async function checkArchive(orm: MikroORM, archive: string, limits: ArchiveLimits, signal?: AbortSignal): Promise<Checked> {
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
    // Archives made before drafts, items' own pages, the site settings and simple pages existed
    // have none to restore (a fresh start then makes the settings' first record and the
    // placeholder pages).
    if (LATER_TABLES.has(table)) continue;
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
