import 'reflect-metadata';
import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * One entry of the activity log (activity.ts): who did what and when. Written in the unit of work
 * of the change itself, so an entry commits or rolls back with it. The person is kept as text
 * (the account may go later); a client address only as a keyed hash, never as it came.
 */
@Entity({ tableName: 'activity_log' })
// The screen's filters, each newest first: everything by time, one person's, one kind's (a
// kind prefix such as `content.` is the list of its kinds). Pruning is a range of the first.
@Index({ name: 'activity_log_at_index', properties: ['at', 'id'] })
@Index({ name: 'activity_log_username_index', properties: ['username', 'at', 'id'] })
@Index({ name: 'activity_log_kind_index', properties: ['kind', 'at', 'id'] })
export class ActivityLog {
  /** bigint: read as a string. */
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: Opt<string>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  at!: Opt<Date>;

  /** The account that acted; null for the scheduler, a failed sign-in or an account gone since. */
  @Property({ type: 'uuid', nullable: true })
  userId?: string | null;

  /** Who: the account's username, `scheduler`, or the username tried by a failed sign-in. */
  @Property({ type: 'text', nullable: true })
  username?: string | null;

  /** An ActivityKind: `sign-in`, `content.update`, `account.role`, ... */
  @Property({ type: 'text' })
  kind!: string;

  /** The content type's REST path (`news`), when the entry is about a record. */
  @Property({ type: 'text', nullable: true })
  collection?: string | null;

  @Property({ type: 'integer', nullable: true })
  recordId?: number | null;

  /** What happened, in words: `Updated News article “Launch”`. */
  @Property({ type: 'text' })
  summary!: string;

  /** HMAC-SHA256 (hex) of the client address with a persistent secret (activity.ts). */
  @Property({ type: 'text', nullable: true })
  addressHash?: string | null;

  @Property({ type: 'json', nullable: true })
  details?: Record<string, unknown> | null;
}
