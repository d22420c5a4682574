import type { TriggerDef } from '@mikro-orm/core';
import { RESERVED_SLUGS, type ContentType } from '@consulting/model';
import { SLUG_REDIRECTS_TABLE } from './slug-redirect.entity.js';

// The database keeps two facts of items with pages of their own (a type with `page` in its
// declaration), whatever writes the row (a save, a publication, a restore, an import):
// - `updated_at` is the time of the last change (the sitemap's lastmod, the page's modified time);
// - when a slug changes, the old slug redirects to the record (slug_redirects), and a slug a record
//   takes is no longer anyone's redirect. A redirect names the record, not a slug, so the address
//   it leads to is always the record's current one: never a chain of hops.

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The row triggers of a content type's table (none for a type without pages or change times). */
export function ownPageTriggers(type: ContentType): TriggerDef[] {
  const triggers: TriggerDef[] = [];
  if (type.updatedAt) {
    triggers.push({ name: 'stamp_updated_at', timing: 'before', events: ['update'], forEach: 'row', body: 'if new.updated_at is not distinct from old.updated_at then new.updated_at = now(); end if; return new' });
  }
  if (type.page) {
    const collection = literal(type.restPath);
    const slugField = Object.values(type.fields).find((field) => field.kind === 'slug');
    const from = slugField?.slugFrom ?? 'title';
    const reserved = [...RESERVED_SLUGS, ...(slugField?.reserved ?? [])];
    const table = `"${type.table}"`;
    // The services make slugs (pages/slugs.ts); a row written without one (a script, an old
    // archive's import) still gets an address: its title's letters and digits, else the id.
    triggers.push({
      name: 'make_missing_slug',
      timing: 'before',
      events: ['insert'],
      forEach: 'row',
      body:
        `if new.slug is null or new.slug = '' then ` +
        `new.slug := trim(both '-' from left(trim(both '-' from regexp_replace(lower(coalesce(new."${from}"::text, '')), '[^a-z0-9]+', '-', 'g')), 80)); ` +
        `if new.slug = '' or new.slug in (${reserved.map(literal).join(', ')}) or exists (select 1 from ${table} where slug = new.slug) ` +
        `then new.slug := (case when new.slug = '' then ${literal(type.restPath)} else new.slug end) || '-' || new.id; end if; ` +
        `end if; return new`,
    });
    triggers.push({
      name: 'keep_slug_redirects',
      timing: 'after',
      events: ['insert', 'update'],
      forEach: 'row',
      body:
        `if tg_op = 'UPDATE' and old.slug is distinct from new.slug then ` +
        `insert into ${SLUG_REDIRECTS_TABLE} (collection, old_slug, record_id) values (${collection}, old.slug, new.id) ` +
        `on conflict (collection, old_slug) do update set record_id = excluded.record_id, created_at = now(); ` +
        `end if; ` +
        `delete from ${SLUG_REDIRECTS_TABLE} where collection = ${collection} and old_slug = new.slug; ` +
        `return null`,
    });
  }
  return triggers;
}
