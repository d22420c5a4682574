import 'reflect-metadata';
import { Field, InputType } from 'type-graphql';

@InputType('LandingContentInput')
export class LandingContentInput {
  @Field(() => String) heroTagline!: string;
  @Field(() => String) heroSubtitle!: string;
  @Field(() => String) companyDescription!: string;
  @Field(() => String) mainWebsiteUrl!: string;
}
