import { Entity } from '@mikro-orm/decorators/legacy';
import { ObjectType } from 'type-graphql';
import { IdColumn, TextColumn, IntColumn } from '../columns.js';

@ObjectType('Statistics')
@Entity({ tableName: 'statistics' })
export class Statistics {
  @IdColumn()
  id!: number;

  @TextColumn()
  yearEstablished!: string;

  @IntColumn()
  expertCount!: number;

  @IntColumn()
  projectCount!: number;

  @IntColumn()
  partnerCount!: number;
}
