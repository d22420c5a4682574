import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { User } from '../user.entity.js';

/** A WebAuthn credential (passkey) of an account: it signs in alone (user verification required) or serves as the second step. */
@ObjectType('Passkey', { description: 'A passkey of the signed-in account.' })
@Entity({ tableName: 'passkeys' })
export class Passkey {
  @Field(() => ID, { description: 'Stable identifier (a UUID).' })
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: Opt<string>;

  @Index({ name: 'passkeys_user_id_index' })
  @ManyToOne(() => User, { deleteRule: 'cascade', ref: true })
  user!: Ref<User>;

  /** The credential id, base64url, as the authenticator gives it. */
  @Property({ type: 'text', unique: true })
  credentialId!: string;

  /** The COSE public key. */
  @Property({ type: 'blob' })
  publicKey!: Buffer;

  /** The authenticator's signature counter (0 for authenticators that keep none). */
  @Property({ type: 'bigint' })
  counter!: number;

  /** Transports the authenticator named (usb, nfc, ble, internal, hybrid). */
  @Property({ type: 'json', nullable: true })
  transports?: string[] | null = null;

  @Field(() => String, { description: 'The name the owner gave it.' })
  @Property({ type: 'text' })
  name!: string;

  @Field(() => Boolean, { description: 'Whether the passkey is synced to other devices (backed up).' })
  @Property({ type: 'boolean', default: false })
  backedUp: Opt<boolean> = false;

  @Field(() => Date, { description: 'When it was registered.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Field(() => Date, { nullable: true, description: 'When it last signed in; null until then.' })
  @Property({ type: 'datetime', nullable: true })
  lastUsedAt?: Date | null = null;
}
