import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IsolationLevel } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import * as tar from 'tar';
import type { ImageStorage } from '../uploads/storage.js';
import { isStoredName } from '../uploads/storage.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  backupTables,
  referencedUploads,
  sha256,
  sha256OfFile,
  withVariants,
  type Manifest,
} from './site-archive.js';

export interface ExportSummary {
  tables: Record<string, number>;
  files: number;
  bytes: number;
}

/**
 * Writes the whole site into one .tar.gz: every backup table read in one consistent snapshot
 * (REPEATABLE READ, read only: the site keeps serving and writing meanwhile), and every uploaded
 * file those rows refer to, with its variants. The archive appears under its name only when complete.
 */
export async function exportSite(deps: { orm: MikroORM; storage: ImageStorage }, archive: string): Promise<ExportSummary> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'site-export-'));
  const partial = `${archive}.partial`;
  try {
    await fsp.mkdir(path.join(work, 'tables'));
    await fsp.mkdir(path.join(work, 'uploads'));
    const tables = backupTables(deps.orm);
    const snapshot = await deps.orm.em.fork().transactional(
      async (em) => {
        const connection = em.getConnection();
        const ctx = em.getTransactionContext();
        const rowsOf: Record<string, unknown[]> = {};
        for (const table of tables) {
          const [{ rows }] = await connection.execute<{ rows: unknown[] }[]>(
            `select coalesce(json_agg(t order by t.id), '[]'::json) as rows from "${table}" t`,
            [],
            'all',
            ctx,
          );
          rowsOf[table] = rows;
        }
        const migrations = await connection.execute<{ name: string }[]>(`select name from mikro_orm_migrations order by id`, [], 'all', ctx);
        return { rowsOf, migrations: migrations.map((m) => m.name) };
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
    );

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migrations: snapshot.migrations,
      tables: [],
      files: [],
    };
    for (const table of tables) {
      const json = JSON.stringify(snapshot.rowsOf[table]);
      const entry = `tables/${table}.json`;
      await fsp.writeFile(path.join(work, entry), json);
      manifest.tables.push({ table, rows: snapshot.rowsOf[table].length, path: entry, size: Buffer.byteLength(json), sha256: sha256(json) });
    }

    const referenced = referencedUploads(Object.values(snapshot.rowsOf));
    const names = [...new Set([...referenced].flatMap(withVariants))].filter(isStoredName).sort();
    let bytes = 0;
    for (const name of names) {
      const stored = await deps.storage.open(name);
      if (!stored) continue; // a variant not made (yet), or a dangling reference
      const entry = `uploads/${name}`;
      const file = path.join(work, entry);
      await pipeline(stored.stream, fs.createWriteStream(file));
      const { size } = await fsp.stat(file);
      bytes += size;
      manifest.files.push({ name, path: entry, size, sha256: await sha256OfFile(file) });
    }

    await fsp.writeFile(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await tar.c({ gzip: true, file: partial, cwd: work, portable: true }, ['manifest.json', 'tables', 'uploads']);
    await fsp.rename(partial, archive);
    return {
      tables: Object.fromEntries(manifest.tables.map((t) => [t.table, t.rows])),
      files: manifest.files.length,
      bytes,
    };
  } finally {
    await fsp.rm(partial, { force: true });
    // Retries: a failed extraction may still be finishing writes in there.
    await fsp.rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }).catch(() => undefined);
  }
}
