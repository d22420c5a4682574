import 'reflect-metadata';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

/** A client project (shown publicly as "Projects"). */
@ObjectType('Client')
@Entity({ tableName: 'clients' })
export class Client {
  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  title!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  pictureUrl!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  brief?: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  country?: string | null = null;

  @Field(() => Boolean)
  @Property({ type: 'boolean', default: false })
  featured: Opt<boolean> = false;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  displayOrder: Opt<number> = 0;
}
