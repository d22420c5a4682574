import 'reflect-metadata';
import { Field, InputType, Int } from 'type-graphql';

@InputType('CountryInput')
export class CountryInput {
  @Field(() => String) name!: string;
  @Field(() => String) code!: string;
  @Field(() => String) flagImageUrl!: string;
  @Field(() => Int, { nullable: true }) displayOrder?: number | null;
}
