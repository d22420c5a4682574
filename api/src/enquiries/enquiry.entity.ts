import 'reflect-metadata';
import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { searchGrams } from '../content/search-sql.js';

/** The text the inbox search looks in (trigram index and 1-2 character grams, as a collection's search). */
export const ENQUIRY_SEARCH = `(coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("organisation", '') || ' ' || coalesce("message", ''))`;

/**
 * A message a visitor sent through the public enquiry form (intake.service.ts). The client address
 * is kept only as a keyed hash (for the per-client limit's accounting and abuse review), never as
 * it came. `deletedAt` is a soft delete the inbox can undo; retention removes old rows.
 */
@Entity({ tableName: 'enquiries' })
@Index({ name: 'enquiries_created_at_index', expression: `create index "enquiries_created_at_index" on "enquiries" ("created_at" desc, "id" desc)` })
@Index({ name: 'enquiries_search_index', expression: `create index "enquiries_search_index" on "enquiries" using gin (${ENQUIRY_SEARCH} gin_trgm_ops)` })
@Index({ name: 'enquiries_search_grams_index', expression: `create index "enquiries_search_grams_index" on "enquiries" using gin (${searchGrams(ENQUIRY_SEARCH)})` })
// The inbox (inbox.service.ts): the rows not deleted, and of those the unread and the handled, each
// newest first by a backward walk; the deleted ones by deletion time (retention's purge).
@Index({ name: 'enquiries_inbox_index', expression: `create index "enquiries_inbox_index" on "enquiries" ("created_at", "id") where "deleted_at" is null` })
@Index({ name: 'enquiries_unread_index', expression: `create index "enquiries_unread_index" on "enquiries" ("created_at", "id") where "deleted_at" is null and "handled_at" is null` })
@Index({ name: 'enquiries_handled_index', expression: `create index "enquiries_handled_index" on "enquiries" ("created_at", "id") where "deleted_at" is null and "handled_at" is not null` })
@Index({ name: 'enquiries_deleted_index', expression: `create index "enquiries_deleted_index" on "enquiries" ("deleted_at") where "deleted_at" is not null` })
export class Enquiry {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: Opt<number>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Opt<Date>;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text', nullable: true })
  organisation!: string | null;

  /** A value of ENQUIRY_SERVICES (model): a service's slug or `other`. */
  @Property({ type: 'text' })
  service!: string;

  @Property({ type: 'text' })
  message!: string;

  /** The words the visitor agreed to, as shown beside the consent box when they sent it. */
  @Property({ type: 'text' })
  consentText!: string;

  /** HMAC-SHA256 (hex) of the client address, keyed from the session secret. */
  @Property({ type: 'text' })
  clientHash!: string;

  @Property({ type: 'datetime', nullable: true })
  handledAt?: Date | null;

  /** The username of who marked it handled. */
  @Property({ type: 'text', nullable: true })
  handledBy?: string | null;

  @Property({ type: 'datetime', nullable: true })
  deletedAt?: Date | null;
}

/**
 * Enquiry attempts per bucket (`enquiry-ip:<hash>`, `enquiry-global`, `enquiry-no-script`) in a
 * fixed hourly window, reserved with one atomic upsert each (intake-limits.ts) before anything is
 * stored, so the limits hold across app instances and parallel requests.
 */
@Entity({ tableName: 'enquiry_attempts' })
export class EnquiryAttempt {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'integer' })
  attempts!: number;

  @Property({ type: 'datetime' })
  windowStartedAt!: Date;
}

/**
 * Proof-of-work challenges that were used (their signature), kept until they would have expired:
 * inserted in the transaction that stores the enquiry, so one solution stores one enquiry.
 */
@Entity({ tableName: 'enquiry_spent_challenges' })
export class SpentEnquiryChallenge {
  @PrimaryKey({ type: 'text' })
  signature!: string;

  @Index({ name: 'enquiry_spent_challenges_expires_at_index' })
  @Property({ type: 'datetime' })
  expiresAt!: Date;
}

export const enquiryEntities = [Enquiry, EnquiryAttempt, SpentEnquiryChallenge];
