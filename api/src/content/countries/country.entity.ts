import { Entity } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { ObjectType } from 'type-graphql';
import { IdColumn, TextColumn, DisplayOrderColumn } from '../columns.js';

@ObjectType('Country')
@Entity({ tableName: 'countries' })
export class Country {
  @IdColumn()
  id!: number;

  @TextColumn()
  name!: string;

  @TextColumn()
  code!: string;

  @TextColumn()
  flagImageUrl!: string;

  @DisplayOrderColumn()
  displayOrder: Opt<number> = 0;
}
