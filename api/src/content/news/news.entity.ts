import { Entity } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { ObjectType } from 'type-graphql';
import { IdColumn, TextColumn, FlagColumn, DisplayOrderColumn, CreatedAtColumn } from '../columns.js';

@ObjectType('News')
@Entity({ tableName: 'news' })
export class News {
  @IdColumn()
  id!: number;

  @TextColumn()
  title!: string;

  @TextColumn()
  pictureUrl!: string;

  @TextColumn()
  brief!: string;

  @TextColumn({ nullable: true })
  content?: string | null = null;

  @TextColumn({ nullable: true })
  link?: string | null = null;

  @FlagColumn()
  featured: Opt<boolean> = false;

  @DisplayOrderColumn()
  displayOrder: Opt<number> = 0;

  /** Set by the server when the article is created; never taken from a client. */
  @CreatedAtColumn()
  createdAt: Opt<Date> = new Date();
}
