import 'reflect-metadata';
import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A content record's pending draft, for every content type in one table. The content tables hold
 * exactly what is published; a draft sits beside its record (`live`: the record is on the site
 * now), or stands alone for a record that is not on the site (never published, or unpublished).
 * Its id is the record's id in its content table (taken from the table's sequence when a
 * never-published record is started), so history, preview links and scheduled jobs keep it.
 */
@Entity({ tableName: 'content_draft' })
// A collection's records that are not on the site, most recently edited first.
@Index({ properties: ['collection', 'live', 'updatedAt'] })
// What waits for review, oldest request first.
@Index({ properties: ['submittedAt'] })
export class ContentDraft {
  /** The content type's REST path, e.g. 'news'. */
  @PrimaryKey({ type: 'text' })
  collection!: string;

  @PrimaryKey({ type: 'integer' })
  recordId!: number;

  /** The type's editable fields as the editor left them: checked, possibly incomplete (null). */
  @Property({ type: 'json' })
  values!: Record<string, unknown>;

  /** Up by one on every draft save; a save naming an older one is refused (StaleVersion). */
  @Property({ type: 'integer', default: 1 })
  version: Opt<number> = 1;

  /** The record is on the site now (this draft is a pending change to it). */
  @Property({ type: 'boolean' })
  live!: boolean;

  /** The record was on the site once (unpublished since, when not live). */
  @Property({ type: 'boolean' })
  wasPublished!: boolean;

  /** Where an unpublished record goes back in its list when published again. */
  @Property({ type: 'integer', nullable: true })
  displayOrder?: number | null = null;

  /** When an unpublished record was first created (it keeps it when published again). */
  @Property({ type: 'datetime', nullable: true })
  recordCreatedAt?: Date | null = null;

  /** The live record's version when this draft was started. */
  @Property({ type: 'integer', nullable: true })
  baseVersion?: number | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  updatedAt: Opt<Date> = new Date();

  @Property({ type: 'uuid', nullable: true })
  updatedBy?: string | null = null;

  /** Kept as text so the draft still says whose it is after the account is removed. */
  @Property({ type: 'text', nullable: true })
  updatedByName?: string | null = null;

  /** Submitted for review (by a contributor, usually): on the dashboard's "Waiting for review". */
  @Property({ type: 'datetime', nullable: true })
  submittedAt?: Date | null = null;

  @Property({ type: 'text', nullable: true })
  submittedByName?: string | null = null;
}
