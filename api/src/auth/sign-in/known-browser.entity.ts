import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { User } from '../user.entity.js';

/**
 * A browser an account has signed in from (a hash of the account id and the browser's long-lived
 * random cookie, never the cookie): a sign-in from one not listed is recorded as a new browser.
 */
@Entity({ tableName: 'known_browsers' })
export class KnownBrowser {
  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade', ref: true })
  user!: Ref<User>;

  @PrimaryKey({ type: 'text' })
  browserHash!: string;

  @Property({ type: 'datetime' })
  lastSignedInAt!: Date;
}
