import 'reflect-metadata';
import { Field, InputType, Int } from 'type-graphql';

@InputType('TeamMemberInput')
export class TeamMemberInput {
  @Field(() => String) name!: string;
  @Field(() => String) position!: string;
  @Field(() => String) pictureUrl!: string;
  @Field(() => String, { nullable: true }) brief?: string | null;
  @Field(() => Int, { nullable: true }) displayOrder?: number | null;
}
