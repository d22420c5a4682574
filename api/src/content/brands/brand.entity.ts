import { Entity } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { ObjectType } from 'type-graphql';
import { IdColumn, TextColumn, DisplayOrderColumn } from '../columns.js';

@ObjectType('Brand')
@Entity({ tableName: 'brands' })
export class Brand {
  @IdColumn()
  id!: number;

  @TextColumn()
  name!: string;

  @TextColumn()
  logoUrl!: string;

  @TextColumn()
  websiteUrl!: string;

  @TextColumn({ nullable: true })
  description?: string | null = null;

  @DisplayOrderColumn()
  displayOrder: Opt<number> = 0;
}
