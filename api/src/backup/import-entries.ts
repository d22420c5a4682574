import type { MikroORM } from '@mikro-orm/postgresql';
import type { RowCheck } from './row-rules.js';
import { ArchiveRefused, type Manifest } from './site-archive.js';

// What the import's first pass (import-check.ts) checks in the archive's entries: rows against
// their table's columns and rules, and the manifest's entries against what was read.

export type ManifestFile = Manifest['files'][number];

export interface TableRead {
  rows: number;
  /** The columns of the first row (every row must have the same). */
  columns: string[] | null;
}

/** Why a row may not be imported, or null: its JSON, its columns, its table's rules. */
export function rowMessage(table: string, read: TableRead, text: string, target: Set<string>, rule: RowCheck | undefined): string | null {
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

export function manifestFile(text: string): ManifestFile | null {
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

export function isTableEntry(entry: unknown): entry is Manifest['tables'][number] {
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

export function verifyEntry(found: Map<string, string>, entry: { path: string; size: number; sha256: string }): void {
  const read = found.get(entry.path);
  if (read?.[0] !== 'F') throw new ArchiveRefused(`The archive lacks ${entry.path}, which its manifest lists`);
  if (read.slice(1) !== `${entry.size}:${entry.sha256}`) throw new ArchiveRefused(`Checksum mismatch for ${entry.path}: the archive is corrupted`);
}

export async function targetColumns(orm: MikroORM, tables: string[]): Promise<Map<string, Set<string>>> {
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
