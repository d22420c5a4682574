import 'reflect-metadata';
import { Field, InputType, Int } from 'type-graphql';

@InputType('BrandInput')
export class BrandInput {
  @Field(() => String) name!: string;
  @Field(() => String) logoUrl!: string;
  @Field(() => String) websiteUrl!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Int, { nullable: true }) displayOrder?: number | null;
}
