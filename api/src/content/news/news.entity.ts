import 'reflect-metadata';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('News')
@Entity({ tableName: 'news' })
export class News {
  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  title!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  pictureUrl!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  brief!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  content?: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  link?: string | null = null;

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: false })
  featured: Opt<boolean> = false;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  displayOrder: Opt<number> = 0;

  /** Set by the server when the article is created; never taken from a client. */
  @Field(() => Date)
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
