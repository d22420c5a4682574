import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { User } from './user.entity.js';

/**
 * An address an account signed in from (a hash of it, never the address): a correct password
 * from one passes the account's failed-attempt lock (rate-limit.ts). A few per account, the most
 * recent, each for a limited time; written with SQL in known-addresses.ts. Gone with the account.
 */
@Entity({ tableName: 'sign_in_addresses' })
export class SignInAddress {
  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade', ref: true })
  user!: Ref<User>;

  /** SHA-256 (hex) of the account id and the address. */
  @PrimaryKey({ type: 'text' })
  addressHash!: string;

  @Property({ type: 'datetime' })
  lastSignedInAt!: Date;
}
