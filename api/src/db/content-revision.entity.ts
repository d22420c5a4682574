import type { TriggerDef } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * One row (id 1) whose `revision` moves with every write to a content table. Database triggers
 * bump it inside the writing transaction, so every writer (any app instance, the demo seed, psql)
 * moves it, and the new value becomes visible in the same commit as the new content: a reader
 * that sees the new revision also sees the new content. (A sequence would not do: nextval is not
 * transactional, so a reader could see the new number before the content and cache an old page
 * under it.) The triggers also NOTIFY it, so each instance keeps it in memory (site/content-revision-feed.ts)
 * and the public read cache (site/public-cache.ts) is keyed by it.
 */
@Entity({ tableName: 'content_revision' })
export class ContentRevision {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  /** bigint: read as a string, only ever compared for equality. */
  @Property({ type: 'bigint' })
  revision!: string;
}

/** The single row's id. */
export const CONTENT_REVISION_ID = 1;

/** The NOTIFY channel the triggers announce each new revision on (payload: the revision). */
export const CONTENT_REVISION_CHANNEL = 'content_revision';

/**
 * The statement-level trigger that bumps the revision after any insert, update or delete of a
 * content table (db/content-triggers.ts puts it, and its TRUNCATE twin, on every content table).
 * Declared in the entity metadata too (not only in SQL) so the schema diff knows it and the
 * migrations test keeps entities and SQL in step.
 */
export const bumpContentRevisionTrigger: TriggerDef = {
  name: 'bump_content_revision',
  timing: 'after',
  events: ['insert', 'update', 'delete'],
  forEach: 'statement',
  // pg_notify is delivered at commit (never for a rolled-back write), so every listening instance
  // learns the new revision as soon as it is visible (site/content-revision-feed.ts).
  body:
    `update content_revision set revision = revision + 1 where id = ${CONTENT_REVISION_ID}; ` +
    `perform pg_notify('${CONTENT_REVISION_CHANNEL}', (select revision::text from content_revision where id = ${CONTENT_REVISION_ID})); ` +
    `return null`,
};
