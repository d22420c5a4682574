import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Single-use proofs that were used: the nonce of a sign-in step token or a passkey challenge,
 * kept until the token would have expired anyway (sign-in-tokens.ts). Inserting one is atomic,
 * so a token or challenge completes one sign-in at most.
 */
@Entity({ tableName: 'spent_nonces' })
export class SpentNonce {
  @PrimaryKey({ type: 'text' })
  nonce!: string;

  @Index({ name: 'spent_nonces_expires_at_index' })
  @Property({ type: 'datetime' })
  expiresAt!: Date;
}
