import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { collections } from '../content/registry.js';
import { isStoredName, type ImageStorage } from '../uploads/storage.js';
import { readArchive, type EntrySink } from './archive-reader.js';
import type { Checked } from './import-check.js';
import { JsonArraySplitter } from './json-stream.js';
import { ArchiveRefused, type ArchiveLimits } from './site-archive.js';

// The import's second pass (import-site.ts): the checked archive applied in one transaction.

/** Rows per insert, and their most JSON bytes. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;
/** Files up to this size are read whole and written several at a time; larger ones are streamed. */
const SMALL_FILE_BYTES = 1024 * 1024;
/** Small files written to storage at once (so at most this many MiB of them in memory). */
const SAVES_IN_FLIGHT = 32;

const changed = () => new Error('The archive changed while it was being imported; nothing was changed');

export async function applyArchive(
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
        if (read.rows === 0 || table === 'content_draft' || table === 'slug_redirects') continue;
        const [{ sequence }] = await connection.execute<{ sequence: string | null }[]>(
          `select pg_get_serial_sequence(?, 'id') as sequence`,
          [table],
          'all',
          ctx,
        );
        if (sequence) await connection.execute(`select setval(?::regclass, (select max(id) from "${table}"))`, [sequence], 'all', ctx);
      }
      // A draft never published holds an id its table's sequence gave it: new records come after it.
      for (const { path, type } of collections) {
        const [{ sequence, drafted }] = await connection.execute<{ sequence: string | null; drafted: number | null }[]>(
          `select pg_get_serial_sequence(?, 'id') as sequence, (select max(record_id) from content_draft where collection = ?) as drafted`,
          [`"${type.table}"`, path],
          'all',
          ctx,
        );
        if (!sequence || drafted === null) continue;
        const [{ last }] = await connection.execute<{ last: string }[]>(`select last_value as last from ${sequence}`, [], 'all', ctx);
        if (drafted > Number(last)) await connection.execute(`select setval(?::regclass, ?)`, [sequence, drafted], 'all', ctx);
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
