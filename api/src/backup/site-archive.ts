import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { MikroORM } from '@mikro-orm/postgresql';
import { collections, singletons } from '../content/registry.js';

// The backup archive (`npm run export` / `npm run import`): a gzipped tar holding
//   manifest.json            format, version, migrations, row counts, sizes and SHA-256 of every entry
//   tables/<table>.json      the table's rows, a JSON array (PostgreSQL's own JSON of each row)
//   uploads/<name>           every uploaded file the content refers to, with its resized variants

export const ARCHIVE_FORMAT = 'consulting-site-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

export interface ManifestEntry {
  /** Path inside the archive. */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: string;
  formatVersion: number;
  createdAt: string;
  /** Migrations applied to the exported database, oldest first. */
  migrations: string[];
  tables: (ManifestEntry & { table: string; rows: number })[];
  files: (ManifestEntry & { name: string })[];
}

/** A refusal the CLI prints as it is: the archive or the target is not fit for an import. */
export class ArchiveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRefused';
  }
}

/**
 * The tables a backup carries, in restore order: admin accounts, every content table, the content
 * history (so a restored site keeps its undo and restore points), then the webhook endpoints
 * (last, so restoring content queues no events for them). Sessions, login throttles and the
 * webhook outbox are transient and stay behind.
 */
export function backupTables(orm: MikroORM): string[] {
  const content = [...collections, ...singletons].map((entry) => orm.getMetadata(entry.entity).tableName);
  return ['users', ...content, 'content_history', 'webhook_endpoints'];
}

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `/uploads/<name>` paths anywhere in the rows: the stored files the content refers to. */
export function referencedUploads(rows: unknown[]): Set<string> {
  const names = new Set<string>();
  const pattern = /\/uploads\/([A-Za-z0-9][A-Za-z0-9_-]*\.(?:jpg|png|webp|gif|avif))/g;
  const text = JSON.stringify(rows);
  for (const match of text.matchAll(pattern)) names.add(match[1]);
  return names;
}

/** An upload and the names of its resized variants (the variants contract: <base>-<w>.<fmt>). */
export function withVariants(name: string): string[] {
  const base = name.replace(/\.[a-z]+$/, '');
  const variants = [320, 640, 1280].flatMap((width) => ['webp', 'avif'].map((format) => `${base}-${width}.${format}`));
  return [name, ...variants.filter((variant) => variant !== name)];
}
