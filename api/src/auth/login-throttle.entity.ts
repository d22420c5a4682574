import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Failed login attempts per key ("ip:<address>" or "user:<username>") inside a fixed window.
 * Kept in PostgreSQL so every app instance sees the same counts. Written with atomic SQL
 * in rate-limit.ts.
 */
@Entity({ tableName: 'login_throttle' })
export class LoginThrottle {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'integer' })
  failures!: number;

  @Property({ type: 'datetime' })
  windowStartedAt!: Date;
}
