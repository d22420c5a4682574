import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import * as tar from 'tar';
import { isStoredName, type ImageStorage } from '../uploads/storage.js';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ArchiveRefused, backupTables, sha256OfFile, type Manifest } from './site-archive.js';

export interface ImportSummary {
  tables: Record<string, number>;
  files: number;
}

/**
 * Restores an archive written by exportSite into an empty, migrated database and storage.
 * Everything is checked before anything changes (manifest, format version, every checksum and
 * count, the target empty). Then one transaction inserts every row; the files are written to
 * storage before it commits and removed again if anything fails, so it is all or nothing.
 */
export async function importSite(deps: { orm: MikroORM; storage: ImageStorage }, archive: string): Promise<ImportSummary> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'site-import-'));
  try {
    await extract(archive, work);
    const manifest = await verifiedManifest(work, deps.orm);
    const rowsOf = new Map<string, Record<string, unknown>[]>();
    for (const entry of manifest.tables) rowsOf.set(entry.table, JSON.parse(await fsp.readFile(path.join(work, entry.path), 'utf8')));

    const written: string[] = [];
    try {
      await deps.orm.em.fork().transactional(async (em) => {
        await refuseNonEmptyTarget(em, manifest, deps.storage);
        for (const entry of manifest.tables) await insertRows(em, entry.table, rowsOf.get(entry.table)!);
        for (const file of manifest.files) {
          const bytes = await fsp.readFile(path.join(work, file.path));
          await deps.storage.save(file.name, bytes);
          written.push(file.name);
        }
      });
    } catch (error) {
      for (const name of written) await deps.storage.remove(name).catch(() => undefined);
      throw error;
    }
    return { tables: Object.fromEntries(manifest.tables.map((t) => [t.table, t.rows])), files: manifest.files.length };
  } finally {
    // Retries: a failed extraction may still be finishing writes in there.
    await fsp.rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }).catch(() => undefined);
  }
}

async function extract(archive: string, work: string): Promise<void> {
  await fsp.access(archive).catch(() => {
    throw new ArchiveRefused(`No archive at ${archive}`);
  });
  try {
    // strict: any damage to the gzip or tar stream is an error, not a warning. tar refuses
    // absolute paths and `..` on its own; only plain files and directories are taken.
    await tar.x({ file: archive, cwd: work, strict: true, filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory') });
  } catch (error) {
    throw new ArchiveRefused(`The archive is damaged or not a .tar.gz written by npm run export (${(error as Error).message})`);
  }
}

async function verifiedManifest(work: string, orm: MikroORM): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(work, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new ArchiveRefused('The archive has no readable manifest.json: not a site backup');
  }
  if (manifest?.format !== ARCHIVE_FORMAT) throw new ArchiveRefused('The manifest does not describe a site backup (wrong format)');
  if (manifest.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveRefused(`The archive has format version ${manifest.formatVersion}; this version of the site reads ${ARCHIVE_FORMAT_VERSION}`);
  }
  if (!Array.isArray(manifest.tables) || !Array.isArray(manifest.files) || !Array.isArray(manifest.migrations)) {
    throw new ArchiveRefused('The manifest is incomplete (tables, files and migrations are required)');
  }

  const applied = new Set(
    (await orm.em.getConnection().execute<{ name: string }[]>(`select name from mikro_orm_migrations`)).map((m) => m.name),
  );
  const unknown = manifest.migrations.filter((name) => !applied.has(name));
  if (unknown.length > 0) {
    throw new ArchiveRefused(`The archive comes from a newer version of the site (migrations ${unknown.join(', ')}); upgrade this one first`);
  }

  const known = backupTables(orm);
  const expected = new Set<string>(['manifest.json']);
  for (const entry of manifest.tables) {
    if (!known.includes(entry.table)) throw new ArchiveRefused(`The archive has a table this version does not restore: ${entry.table}`);
    if (entry.path !== `tables/${entry.table}.json`) throw new ArchiveRefused(`Unexpected path for table ${entry.table}: ${entry.path}`);
    await verifyEntry(work, entry);
    const rows: unknown = JSON.parse(await fsp.readFile(path.join(work, entry.path), 'utf8'));
    if (!Array.isArray(rows) || rows.length !== entry.rows) throw new ArchiveRefused(`${entry.path} does not hold the ${entry.rows} rows the manifest lists`);
    expected.add(entry.path);
  }
  for (const table of known) {
    if (!manifest.tables.some((t) => t.table === table)) throw new ArchiveRefused(`The archive lacks the table ${table}`);
  }
  for (const file of manifest.files) {
    if (!isStoredName(file.name) || file.path !== `uploads/${file.name}`) throw new ArchiveRefused(`Not an uploaded file name: ${file.name}`);
    await verifyEntry(work, file);
    expected.add(file.path);
  }
  for (const entry of await listFiles(work)) {
    if (!expected.has(entry)) throw new ArchiveRefused(`The archive holds a file its manifest does not list: ${entry}`);
  }
  return manifest;
}

async function verifyEntry(work: string, entry: { path: string; size: number; sha256: string }): Promise<void> {
  const file = path.join(work, entry.path);
  const stat = await fsp.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new ArchiveRefused(`The archive lacks ${entry.path}, which its manifest lists`);
  if (stat.size !== entry.size || (await sha256OfFile(file)) !== entry.sha256) {
    throw new ArchiveRefused(`Checksum mismatch for ${entry.path}: the archive is corrupted`);
  }
}

async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fsp.readdir(path.join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(root, relative)));
    else found.push(relative);
  }
  return found;
}

/** Locks the target tables against concurrent writers, then insists they and the storage are empty. */
async function refuseNonEmptyTarget(em: EntityManager, manifest: Manifest, storage: ImageStorage): Promise<void> {
  const connection = em.getConnection();
  const ctx = em.getTransactionContext();
  const tables = manifest.tables.map((t) => `"${t.table}"`).join(', ');
  await connection.execute(`lock table ${tables} in share row exclusive mode`, [], 'run', ctx);
  const filled: string[] = [];
  for (const { table } of manifest.tables) {
    const [{ count }] = await connection.execute<{ count: string }[]>(`select count(*) as count from "${table}"`, [], 'all', ctx);
    if (Number(count) > 0) filled.push(`${table} (${count})`);
  }
  if (filled.length > 0) {
    throw new ArchiveRefused(
      `The target database is not empty: ${filled.join(', ')}. Import only into an empty one (a fresh DATA_DIR, or a new database in DATABASE_URL) before the server first starts there`,
    );
  }
  for (const file of manifest.files) {
    const existing = await storage.open(file.name);
    if (existing) {
      (existing.stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw new ArchiveRefused(`The target storage already holds ${file.name}; import only into empty storage`);
    }
  }
}

/** Inserts rows as PostgreSQL's own JSON of them, then moves the id sequence past them. */
async function insertRows(em: EntityManager, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const connection = em.getConnection();
  const ctx = em.getTransactionContext();
  const columns = (
    await connection.execute<{ column_name: string }[]>(
      `select column_name from information_schema.columns where table_schema = current_schema() and table_name = ?`,
      [table],
      'all',
      ctx,
    )
  ).map((c) => c.column_name);
  const archived = Object.keys(rows[0]);
  const missing = archived.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw new ArchiveRefused(`The table ${table} has no column ${missing.join(', ')} here`);
  const list = archived.map((c) => `"${c}"`).join(', ');
  // Columns the target has beyond the archive's (a later migration) take their defaults.
  await connection.execute(
    `insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", ?::json)`,
    [JSON.stringify(rows)],
    'run',
    ctx,
  );
  const [{ sequence }] = await connection.execute<{ sequence: string | null }[]>(
    `select pg_get_serial_sequence(?, 'id') as sequence`,
    [table],
    'all',
    ctx,
  );
  if (sequence) {
    await connection.execute(`select setval(?::regclass, (select max(id) from "${table}"))`, [sequence], 'all', ctx);
  }
}
