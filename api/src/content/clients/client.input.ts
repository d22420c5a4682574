import 'reflect-metadata';
import { Field, InputType, Int } from 'type-graphql';

@InputType('ClientInput')
export class ClientInput {
  @Field(() => String) title!: string;
  @Field(() => String) pictureUrl!: string;
  @Field(() => String, { nullable: true }) brief?: string | null;
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => Boolean, { nullable: true }) featured?: boolean | null;
  @Field(() => Int, { nullable: true }) displayOrder?: number | null;
}
