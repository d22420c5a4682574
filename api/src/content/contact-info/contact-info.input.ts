import 'reflect-metadata';
import { Field, InputType, Int } from 'type-graphql';

@InputType('ContactInfoInput')
export class ContactInfoInput {
  @Field(() => String) type!: string;
  @Field(() => String) value!: string;
  @Field(() => String, { nullable: true }) label?: string | null;
  @Field(() => String, { nullable: true }) icon?: string | null;
  @Field(() => Int, { nullable: true }) displayOrder?: number | null;
}
