import { Entity } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { ObjectType } from 'type-graphql';
import { IdColumn, TextColumn, DisplayOrderColumn } from '../columns.js';

@ObjectType('ContactInfo')
@Entity({ tableName: 'contact_info' })
export class ContactInfo {
  @IdColumn()
  id!: number;

  /** Free text such as email, phone, address, website; the public site treats some specially. */
  @TextColumn()
  type!: string;

  @TextColumn()
  value!: string;

  @TextColumn({ nullable: true })
  label?: string | null = null;

  /** One of Mail, Phone, MapPin, Globe. */
  @TextColumn({ default: 'Mail' })
  icon: Opt<string> = 'Mail';

  @DisplayOrderColumn()
  displayOrder: Opt<number> = 0;
}
