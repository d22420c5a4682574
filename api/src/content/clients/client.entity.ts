import { Entity } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { ObjectType } from 'type-graphql';
import { IdColumn, TextColumn, FlagColumn, DisplayOrderColumn } from '../columns.js';

/** A client project (shown publicly as "Projects"). */
@ObjectType('Client')
@Entity({ tableName: 'clients' })
export class Client {
  @IdColumn()
  id!: number;

  @TextColumn()
  title!: string;

  @TextColumn()
  pictureUrl!: string;

  @TextColumn({ nullable: true })
  brief?: string | null = null;

  @TextColumn({ nullable: true })
  country?: string | null = null;

  @FlagColumn()
  featured: Opt<boolean> = false;

  @DisplayOrderColumn()
  displayOrder: Opt<number> = 0;
}
