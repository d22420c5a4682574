import 'reflect-metadata';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('Brand')
@Entity({ tableName: 'brands' })
export class Brand {
  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  logoUrl!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  websiteUrl!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description?: string | null = null;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  displayOrder: Opt<number> = 0;
}
