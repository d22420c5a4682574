import 'reflect-metadata';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('ContactInfo')
@Entity({ tableName: 'contact_info' })
export class ContactInfo {
  @Field(() => Int)
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Free text such as email, phone, address, website; the public site treats some specially. */
  @Field(() => String)
  @Property({ type: 'text' })
  type!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  value!: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  label?: string | null = null;

  /** One of Mail, Phone, MapPin, Globe. */
  @Field(() => String)
  @Property({ type: 'text', default: 'Mail' })
  icon: Opt<string> = 'Mail';

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  displayOrder: Opt<number> = 0;
}
