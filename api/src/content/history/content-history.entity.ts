import 'reflect-metadata';
import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field as GraphQLField, Int, ObjectType } from 'type-graphql';

/** What a history entry records; `draft` (a draft saved), `discard`, `publish`, `unpublish` and `submit` (for review) are the editorial workflow's (content/publication). */
export type HistoryAction = 'create' | 'update' | 'delete' | 'restore' | 'move' | 'draft' | 'discard' | 'publish' | 'unpublish' | 'submit';

/**
 * One change to one content record: who, when, what, and the whole record before and after (JSON).
 * Written in the transaction of the change itself (collection.service.ts), so history and content
 * never disagree. Admin-only: never part of a public read.
 */
@ObjectType('ContentHistoryEntry', { description: 'One change to a content record (admins only).' })
@Entity({ tableName: 'content_history' })
// A record's history, newest first (and its latest entry), is one range of this index.
@Index({ properties: ['collection', 'recordId', 'id'] })
export class ContentHistory {
  @GraphQLField(() => Int, { description: 'The id of this history entry (a revisionId for restoreRevision).' })
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The content type's REST path, e.g. 'team-members'. */
  @GraphQLField(() => String, { description: "The collection's REST path, e.g. 'team-members'." })
  @Property({ type: 'text' })
  collection!: string;

  @GraphQLField(() => Int, { description: 'The id of the record that changed.' })
  @Property({ type: 'integer' })
  recordId!: number;

  @GraphQLField(() => String, { description: 'create, update, delete, restore, move; draft, discard, publish, unpublish or submit (the editorial workflow).' })
  @Property({ type: 'text' })
  action!: HistoryAction;

  @Property({ type: 'uuid', nullable: true })
  userId?: string | null;

  /** Kept as text so the entry still says who after the account is removed. */
  @GraphQLField(() => String, { nullable: true, description: 'Who made the change.' })
  @Property({ type: 'text', nullable: true })
  username?: string | null;

  @GraphQLField(() => Date, { description: 'When the change was made.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  at!: Opt<Date>;

  @Property({ type: 'json', nullable: true })
  before?: Record<string, unknown> | null;

  @Property({ type: 'json', nullable: true })
  after?: Record<string, unknown> | null;
}
