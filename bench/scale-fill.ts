import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BATCH, ORDER_GAP, ORDER_MIN } from './scale-settings.js';
import type { BenchServer } from './server.js';

// Filling the bench server's database for `npm run bench:scale` (scale.ts): generated news and
// projects (clients) of ordinary length, in batches, each with its history entry.

export const WORDS = (
  'energy water transport health education finance agriculture tourism mining housing digital ' +
  'climate trade customs justice pension labour statistics tax procurement urban rural harbour ' +
  'railway aviation fisheries forestry textile pharmacy telecom broadband logistics insurance ' +
  'banking census election audit budget reform strategy market survey feasibility evaluation'
).split(' ');

/** The embedded PostgreSQL of the bench server's DATA_DIR (port from postmaster.pid, password from secrets.json). */
export async function connectDatabase(server: BenchServer): Promise<pg.Client> {
  const port = Number(readFileSync(path.join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const { postgresPassword } = JSON.parse(readFileSync(path.join(server.dataDir, 'secrets.json'), 'utf8')) as { postgresPassword: string };
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: postgresPassword, database: 'postgres' });
  await client.connect();
  return client;
}

/** Generated values of the columns the bench fills (i: the row's number); the others are copied from the first demo row. */
function generatedColumns(table: 'news' | 'clients'): Record<string, string> {
  const words = `(array[${WORDS.map((w) => `'${w}'`).join(',')}])`;
  const word = (k: number) => `${words}[1 + ((i * ${k}) % ${WORDS.length})]`;
  const sentence = `'The ' || ${word(1)} || ' programme of region ' || (i % 97) || ' reviewed its ' || ${word(7)} || ' plans with the ministry and set out the next steps. '`;
  const common = {
    title: `initcap(${word(1)}) || ' and ' || ${word(3)} || ' ${table === 'news' ? 'update' : 'project'} no. ' || i`,
    // Unique, as the title is (a demo row's slug is made from its own title).
    slug: `${word(1)} || '-and-' || ${word(3)} || '-${table === 'news' ? 'update' : 'project'}-no-' || i`,
    featured: '(i % 1000 = 0)',
    display_order: `${ORDER_MIN} + i * ${ORDER_GAP}`,
  };
  return table === 'news'
    ? {
        ...common,
        brief: `repeat(${sentence}, 2)`,
        content: `rtrim(repeat(${sentence}, 5))`,
        // The article as a document: its text as one paragraph (content is its plain text).
        content_document: `jsonb_build_object('type', 'doc', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', rtrim(repeat(${sentence}, 5)))))))`,
        created_at: `now() - make_interval(mins => i)`,
      }
    : { ...common, brief: `repeat(${sentence}, 2)`, country: `initcap(${word(11)}) || 'land'` };
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Tops `table` up to `size` rows: inserts in batches of BATCH (insert ... select from
 * generate_series), each row with its history entry ("create", no author, as the demo seed
 * records), numbered on from the rows generated before. Returns the milliseconds it took.
 */
export async function fill(db: pg.Client, table: 'news' | 'clients', size: number): Promise<{ ms: number; inserted: number }> {
  const started = performance.now();
  const columns = (
    await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' and column_name <> 'id' order by ordinal_position`,
      [table],
    )
  ).rows.map((r) => r.column_name);
  const generated = generatedColumns(table);
  const values = columns.map((c) => generated[c] ?? `t."${c}"`);
  const count = Number((await db.query<{ n: string }>(`select count(*) as n from "${table}"`)).rows[0].n);
  // Generated rows are numbered 1.. across sizes (their titles end in "no. <i>"; none is deleted).
  let next = Number((await db.query<{ n: string }>(`select count(*) as n from "${table}" where title ~ ' no\\. [0-9]+$'`)).rows[0].n) + 1;
  const wanted = size - count;
  let inserted = 0;
  while (inserted < wanted) {
    const n = Math.min(BATCH, wanted - inserted);
    await db.query('begin');
    const ids = await db.query<{ id: number }>(
      `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')})
       select ${values.join(', ')} from generate_series($1::int, $2::int) as i, (select * from "${table}" order by id limit 1) as t
       returning id`,
      [next, next + n - 1],
    );
    const allColumns = ['id', ...columns];
    await db.query(
      `insert into content_history (collection, record_id, action, after)
       select $1, r.id, 'create', jsonb_build_object(${allColumns.map((c) => `'${camel(c)}', r."${c}"`).join(', ')})
       from "${table}" r where r.id = any($2::int[])`,
      [table, ids.rows.map((r) => r.id)],
    );
    await db.query('commit');
    inserted += n;
    next += n;
  }
  await db.query(`analyze "${table}"`);
  await db.query('analyze content_history');
  return { ms: performance.now() - started, inserted };
}
