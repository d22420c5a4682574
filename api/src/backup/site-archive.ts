import { socialVariantName } from '../uploads/variants.js';
import type { MikroORM } from '@mikro-orm/postgresql';
import { collections, singletons } from '../content/registry.js';

// The backup archive (`npm run export` / `npm run import`): a gzipped tar holding
//   tables/<table>.json      the table's rows, a JSON array (PostgreSQL's own JSON of each row, one a line)
//   uploads/<name>           every uploaded file the content refers to, with its resized variants
//   manifest.json            format, version, migrations, row counts, sizes and SHA-256 of every entry
// Export writes the manifest last (it is known only once every file has been read); import reads
// the entries in any order (archives of earlier versions have the manifest first).

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

/**
 * What an import accepts from an archive before it reads further: every bound is checked on an
 * entry's header or a row's bytes, before they are kept or written, so a hostile archive costs
 * at most these. Rows are streamed in batches, so any count within the bound imports in bounded
 * memory. `npm run import` takes each as an option (--max-files, --max-bytes, ...).
 */
export interface ArchiveLimits {
  /** Entries (files and folders) in the archive. */
  maxEntries: number;
  /** Bytes of every file together, uncompressed. */
  maxTotalBytes: number;
  /** Bytes of one stored file (uploads/). */
  maxFileBytes: number;
  /** Folders deep (`uploads/a.jpg` is 2). */
  maxDepth: number;
  /** Rows of one table. */
  maxRows: number;
  /** Bytes of one row's JSON (and of one entry of the manifest's file list). */
  maxRowBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = {
  maxEntries: 1_000_000,
  maxTotalBytes: 50 * 1024 ** 3,
  maxFileBytes: 100 * 1024 ** 2,
  maxDepth: 32,
  maxRows: 1_000_000,
  maxRowBytes: 1024 ** 2,
};

/** A refusal the CLI prints as it is: the archive or the target is not fit for an import. */
export class ArchiveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRefused';
  }
}

/**
 * The tables a backup carries, in restore order: admin accounts (with their authenticator apps),
 * their passkeys and recovery codes, the sign-in policy, every content table, the content
 * history (so a restored site keeps its undo and restore points), the drafts, then the webhook endpoints
 * (last, so restoring content queues no events for them). Sessions, login throttles, the
 * addresses and browsers accounts signed in from, spent sign-in tokens and the webhook outbox are
 * transient and stay behind.
 */
export function backupTables(orm: MikroORM): string[] {
  const content = [...collections, ...singletons].map((entry) => orm.getMetadata(entry.entity).tableName);
  // The old slugs' redirects after the content they lead to (an item's page: content/pages/).
  return ['users', ...SIGN_IN_TABLES, ...content, 'slug_redirects', 'content_history', 'content_draft', 'webhook_endpoints'];
}

/** What an account signs in with besides its password, and the policy (archives before them lack these). */
export const SIGN_IN_TABLES = ['passkeys', 'recovery_codes', 'auth_policy'] as const;

/** Adds the `/uploads/<name>` paths in `text` (a row's JSON) to `names`: the stored files the content refers to. */
export function addReferencedUploads(text: string, names: Set<string>): void {
  const pattern = /\/uploads\/([A-Za-z0-9][A-Za-z0-9_-]*\.(?:jpg|png|webp|gif|avif))/g;
  for (const match of text.matchAll(pattern)) names.add(match[1]);
}

/** An upload and the names of its variants (the variants contract: <base>-<w>.<fmt>, and its link-preview picture <base>-1200x630.jpg). */
export function withVariants(name: string): string[] {
  const base = name.replace(/\.[a-z]+$/, '');
  const variants = [...[320, 640, 1280].flatMap((width) => ['webp', 'avif'].map((format) => `${base}-${width}.${format}`)), socialVariantName(base)];
  return [name, ...variants.filter((variant) => variant !== name)];
}
