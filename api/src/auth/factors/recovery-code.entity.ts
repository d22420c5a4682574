import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { User } from '../user.entity.js';

/** One of an account's single-use recovery codes: only its hash (recovery-codes.ts); used once, then spent. */
@Entity({ tableName: 'recovery_codes' })
@Unique({ name: 'recovery_codes_user_code_unique', properties: ['user', 'codeHash'] })
export class RecoveryCode {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: Opt<number>;

  @Index({ name: 'recovery_codes_user_id_index' })
  @ManyToOne(() => User, { deleteRule: 'cascade', ref: true })
  user!: Ref<User>;

  /** SHA-256 (hex) of the account id and the normalised code. */
  @Property({ type: 'text' })
  codeHash!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  /** Set when the code signs in; a spent code never works again. */
  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null = null;
}
