import 'reflect-metadata';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Hidden, Opt } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { permissionsOf, type Permission, type Role } from './roles.js';
import { usernameSkeleton } from './username-skeleton.js';

/** A staff account: an admin, an editor or a contributor (auth/permissions.ts). */
@ObjectType('User', { description: 'A staff account: admin, editor or contributor.' })
@Entity({ tableName: 'users' })
export class User {
  @Field(() => ID, { description: 'Stable identifier (a UUID).' })
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: Opt<string>;

  @Field(() => String, { description: 'The sign-in name.' })
  @Property({ type: 'text', unique: true })
  username!: string;

  /**
   * usernameSkeleton(username) (username-skeleton.ts), set on creation: unique, so two usernames
   * that look alike (or differ only in case) cannot both exist. Null only for an account that
   * already looked like an older one when the column came (migration 20261124072000), or one
   * imported from an archive without it; the auth service compares those by their username.
   */
  @Property({ type: 'text', nullable: true, unique: true, hidden: true, onCreate: (user: User) => usernameSkeleton(user.username) })
  usernameSkeleton?: Hidden<string> | null;

  /** argon2id; never serialized, never exposed through GraphQL. */
  @Property({ type: 'text', hidden: true, lazy: false })
  passwordHash!: Hidden<string>;

  /** The authenticator app's secret (base32) once enrolment is confirmed; null without TOTP (totp.ts). */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: false })
  totpSecret?: Hidden<string> | null = null;

  /** A secret shown for enrolment and not yet confirmed by a first code; replaced by each new start. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: false })
  totpPendingSecret?: Hidden<string> | null = null;

  /** When the pending secret was shown (it expires). */
  @Property({ type: 'datetime', nullable: true, hidden: true })
  totpPendingAt?: Hidden<Date> | null = null;

  /** The last TOTP time step accepted: a code at or before it is refused (each code counts once). */
  @Property({ type: 'bigint', nullable: true, hidden: true })
  totpLastStep?: Hidden<number> | null = null;

  /** When TOTP was confirmed; null without it (AccountSecurity.totpEnabledAt). */
  @Property({ type: 'datetime', nullable: true, hidden: true })
  totpEnabledAt?: Hidden<Date> | null = null;

  @Field(() => String, { nullable: true, description: 'Email address, if given.' })
  @Property({ type: 'text', nullable: true, unique: true })
  email?: string | null = null;

  @Field(() => String, { nullable: true, description: 'First name, if given.' })
  @Property({ type: 'text', nullable: true })
  firstName?: string | null = null;

  @Field(() => String, { nullable: true, description: 'Last name, if given.' })
  @Property({ type: 'text', nullable: true })
  lastName?: string | null = null;

  @Field(() => String, { nullable: true, description: 'Picture address, if given.' })
  @Property({ type: 'text', nullable: true })
  profileImageUrl?: string | null = null;

  /** What the account may do (auth/permissions.ts). Accounts made before roles existed are admins. */
  @Field(() => String, { description: 'admin (everything), editor (all content) or contributor (drafts only).' })
  @Property({ type: 'text', default: 'admin' })
  role: Opt<Role> = 'admin';

  /** What the role grants (permissionsOf), for the admin to hide what the account cannot do; not stored. */
  @Field(() => [String], { description: 'What the role grants: content.draft, content.publish, accounts, webhooks, activity, settings, enquiries (auth/permissions.ts).' })
  @Property({ persist: false })
  get permissions(): Opt<Permission[]> {
    return permissionsOf(this.role);
  }

  /** Set by every successful sign-in; null until the first one. */
  @Field(() => Date, { nullable: true, description: 'When the account last signed in; null until its first sign-in.' })
  @Property({ type: 'datetime', nullable: true })
  lastSignInAt?: Date | null = null;

  @Field(() => Date, { description: 'When the account was created.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Field(() => Date, { description: 'When the account last changed.' })
  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
