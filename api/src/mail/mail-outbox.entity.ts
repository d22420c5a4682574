import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The mail outbox: one row per message, inserted in the transaction of what it tells about (an
 * enquiry: mail/enquiry-notifications.ts), so the two commit or roll back together; then claimed
 * and sent by one worker (mail-worker.ts), retried until the SMTP server takes it or it is a day
 * old. Like the webhook outbox, the entity gives the schema diff the table's shape; the worker
 * uses SQL (claims need `FOR UPDATE SKIP LOCKED`).
 */
@Entity({ tableName: 'mail_outbox' })
@Index({ name: 'mail_outbox_due_index', expression: `create index "mail_outbox_due_index" on "mail_outbox" ("next_attempt_at", "id") where "status" = 'pending'` })
@Index({ name: 'mail_outbox_status_created_at_index', properties: ['status', 'createdAt'] })
export class MailOutboxEntry {
  @PrimaryKey({ type: 'bigint' })
  id!: Opt<string>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Opt<Date>;

  /** pending, sent, or dead (not taken within a day). */
  @Property({ type: 'text', defaultRaw: `'pending'` })
  status!: Opt<string>;

  @Property({ type: 'integer', defaultRaw: '0' })
  attempts!: Opt<number>;

  /** When a worker may (re)try it; also pushed ahead while one holds it (a lease). */
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  nextAttemptAt!: Opt<Date>;

  /** Why the last attempt failed (or which recipients the server refused while taking the rest). */
  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null;

  /** The recipients, comma-separated plain addresses (headers and SMTP envelope). */
  @Property({ type: 'text', fieldName: 'to' })
  to!: string;

  /** Reply-To: a plain address, or null. */
  @Property({ type: 'text', nullable: true })
  replyTo?: string | null;

  /** Single line: line breaks are removed before it is stored. */
  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  textBody!: string;

  @Property({ type: 'text', nullable: true })
  htmlBody?: string | null;

  /** What it tells about, for the log (`enquiry`), and which one. */
  @Property({ type: 'text', nullable: true })
  topic?: string | null;

  @Property({ type: 'integer', nullable: true })
  topicId?: number | null;
}
