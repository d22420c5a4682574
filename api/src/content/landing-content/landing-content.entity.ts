import { Entity } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { ObjectType } from 'type-graphql';
import { IdColumn, TextColumn } from '../columns.js';

export const DEFAULT_MAIN_WEBSITE_URL = 'https://www.example.com';

@ObjectType('LandingContent')
@Entity({ tableName: 'landing_content' })
export class LandingContent {
  @IdColumn()
  id!: number;

  @TextColumn()
  heroTagline!: string;

  @TextColumn()
  heroSubtitle!: string;

  @TextColumn()
  companyDescription!: string;

  @TextColumn({ default: DEFAULT_MAIN_WEBSITE_URL })
  mainWebsiteUrl: Opt<string> = DEFAULT_MAIN_WEBSITE_URL;
}
