import fsp from 'node:fs/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ImageStorage } from '../uploads/storage.js';
import { applyArchive } from './import-apply.js';
import { checkArchive } from './import-check.js';
import { ArchiveRefused, DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './site-archive.js';

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
  const checked = await checkArchive(deps.orm, archive, limits, options.signal);
  await applyArchive(deps, archive, checked, limits, options.signal);
  return {
    tables: Object.fromEntries(checked.manifest.tables.map((t) => [t.table, t.rows])),
    files: checked.manifest.files,
  };
}
