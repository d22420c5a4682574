import { Entity } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { ObjectType } from 'type-graphql';
import { IdColumn, TextColumn, DisplayOrderColumn } from '../columns.js';

@ObjectType('TeamMember')
@Entity({ tableName: 'team_members' })
export class TeamMember {
  @IdColumn()
  id!: number;

  @TextColumn()
  name!: string;

  @TextColumn()
  position!: string;

  @TextColumn()
  pictureUrl!: string;

  @TextColumn({ nullable: true })
  brief?: string | null = null;

  @DisplayOrderColumn()
  displayOrder: Opt<number> = 0;
}
