import 'reflect-metadata';
import { Field, InputType, Int } from 'type-graphql';

@InputType('StatisticsInput')
export class StatisticsInput {
  @Field(() => String) yearEstablished!: string;
  @Field(() => Int) expertCount!: number;
  @Field(() => Int) projectCount!: number;
  @Field(() => Int) partnerCount!: number;
}
