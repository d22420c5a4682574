import 'reflect-metadata';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('TeamMember')
@Entity({ tableName: 'team_members' })
export class TeamMember {
  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  name!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  position!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  pictureUrl!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  brief?: string | null = null;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  displayOrder: Opt<number> = 0;
}
