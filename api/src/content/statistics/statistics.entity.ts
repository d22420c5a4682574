import 'reflect-metadata';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('Statistics')
@Entity({ tableName: 'statistics' })
export class Statistics {
  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  yearEstablished!: string;

  @Field(() => Int)
  @Property({ type: 'integer' })
  expertCount!: number;

  @Field(() => Int)
  @Property({ type: 'integer' })
  projectCount!: number;

  @Field(() => Int)
  @Property({ type: 'integer' })
  partnerCount!: number;
}
