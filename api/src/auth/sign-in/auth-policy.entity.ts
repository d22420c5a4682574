import { Check, Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';

/** The sign-in policy: one row (id 1), changed by admins (the `accounts` permission). */
@ObjectType('AuthPolicy', { description: 'How staff sign in.' })
@Entity({ tableName: 'auth_policy' })
@Check({ name: 'auth_policy_single_row', expression: 'id = 1' })
export class AuthPolicy {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  id: Opt<number> = 1;

  @Field(() => Boolean, { description: 'Every account needs a second factor (an authenticator app or a passkey); an account without one enrols right after its password.' })
  @Property({ type: 'boolean', default: false })
  requireSecondFactor: Opt<boolean> = false;

  @Field(() => Date, { nullable: true, description: 'When the policy last changed; null if never.' })
  @Property({ type: 'datetime', nullable: true })
  updatedAt?: Date | null = null;
}
