import 'reflect-metadata';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

export const DEFAULT_MAIN_WEBSITE_URL = 'https://www.example.com';

@ObjectType('LandingContent')
@Entity({ tableName: 'landing_content' })
export class LandingContent {
  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Field(() => String)
  @Property({ type: 'text' })
  heroTagline!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  heroSubtitle!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  companyDescription!: string;

  @Field(() => String)
  @Property({ type: 'text', default: DEFAULT_MAIN_WEBSITE_URL })
  mainWebsiteUrl: Opt<string> = DEFAULT_MAIN_WEBSITE_URL;
}
