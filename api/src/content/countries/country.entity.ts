import 'reflect-metadata';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('Country')
@Entity({ tableName: 'countries' })
export class Country {
  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  code!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  flagImageUrl!: string;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  displayOrder: Opt<number> = 0;
}
