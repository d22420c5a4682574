import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The table connect-pg-simple keeps sessions in. Declared here only so migrations create it;
 * the session store reads and writes it with its own SQL.
 */
@Entity({ tableName: 'sessions' })
export class SessionRow {
  @PrimaryKey({ type: 'string', columnType: 'varchar' })
  sid!: string;

  @Property({ type: 'json', columnType: 'json' })
  sess!: object;

  @Index({ name: 'IDX_sessions_expire' })
  @Property({ type: 'datetime', columnType: 'timestamp(6)' })
  expire!: Date;
}
