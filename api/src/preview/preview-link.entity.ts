import 'reflect-metadata';
import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A share link to the preview of one record (preview-links.service.ts): whoever holds the link's
 * token sees the record as its draft would publish it, until the link expires or is revoked. Only
 * the token's SHA-256 is kept, never the token: the table cannot be turned back into links.
 */
@Entity({ tableName: 'preview_links' })
// An item's links, newest first (the admin's list).
@Index({ name: 'preview_links_record_index', properties: ['collection', 'recordId', 'createdAt'] })
export class PreviewLink {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: Opt<string>;

  /** The content type's REST path, e.g. 'news'. */
  @Property({ type: 'text' })
  collection!: string;

  @Property({ type: 'integer' })
  recordId!: number;

  /** SHA-256 of the token, hex. */
  @Property({ type: 'text', unique: 'preview_links_token_hash_unique' })
  tokenHash!: string;

  /** The account that made it (null once that account is gone) and its name then. */
  @Property({ type: 'uuid', nullable: true })
  createdBy?: string | null;

  @Property({ type: 'text', nullable: true })
  createdByName?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Opt<Date>;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null;
}
