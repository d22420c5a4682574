import type { MikroORM } from '@mikro-orm/postgresql';
import { collections } from '../../src/content/registry.js';

// Large content tables in one statement each (insert ... select from generate_series), for the
// tests of sizes no one would create through the API one request at a time. The columns come
// from the registry (the content model and the entity metadata), so every collection fills alike.
// Text fields get ordinary lengths (some 90 characters), not one word: plans depend on row width.

export interface FillOptions {
  /** Rows to add. */
  count: number;
  /** SQL of a row's display order from its number `i` (1..count); default: `i` (as creates number them). */
  displayOrder?: string;
  /** SQL of an on/off field (featured) from `i`; default: false. */
  flag?: string;
}

/** Adds `count` rows to a collection (by REST path); returns nothing, in one statement. */
export async function fillCollection(orm: MikroORM, path: string, { count, displayOrder = 'i', flag = 'false' }: FillOptions): Promise<void> {
  const definition = collections.find((c) => c.path === path);
  if (!definition) throw new Error(`no collection ${path}`);
  const meta = orm.getMetadata().get(definition.entity);
  const columns: string[] = [];
  const values: string[] = [];
  for (const [key, field] of Object.entries(definition.type.fields)) {
    columns.push(`"${meta.properties[key as never].fieldNames[0]}"`);
    values.push(
      field.kind === 'flag'
        ? `(${flag})`
        : field.kind === 'wholeNumber'
          ? 'i'
          : field.kind === 'choice'
            ? `'${field.options![0].value}'`
            : field.kind === 'webAddress'
              ? `'https://example.com/' || i`
              : field.kind === 'imageAddress'
                ? `'/uploads/fill-' || i || '.png'`
                : field.kind === 'slug'
                  ? `'item-' || i`
                  : `'${key} ' || i || '${' lorem ipsum dolor sit amet'.repeat(3)}'`,
    );
  }
  columns.push('"display_order"');
  values.push(`(${displayOrder})`);
  await orm.em
    .fork()
    .getConnection()
    .execute(`insert into "${meta.tableName}" (${columns.join(', ')}) select ${values.join(', ')} from generate_series(1, ${count}) as s(i)`);
}

/** `count` history entries spread over `records` records of each collection (one statement). */
export async function fillHistory(orm: MikroORM, count: number, records: number): Promise<void> {
  const paths = collections.map((c) => `'${c.path}'`).join(', ');
  await orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into content_history (collection, record_id, action, username, before, after)
       select (array[${paths}])[1 + i % ${collections.length}], 1 + (i / ${collections.length}) % ${records}, 'update', 'admin', '{"a":1}', '{"a":2}'
       from generate_series(1, ${count}) as s(i)`,
    );
}
