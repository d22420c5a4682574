import 'reflect-metadata';
import { Field, InputType, Int } from 'type-graphql';

/** No createdAt: the server sets it. */
@InputType('NewsInput')
export class NewsInput {
  @Field(() => String) title!: string;
  @Field(() => String) pictureUrl!: string;
  @Field(() => String) brief!: string;
  @Field(() => String, { nullable: true }) content?: string | null;
  @Field(() => String, { nullable: true }) link?: string | null;
  @Field(() => Boolean, { nullable: true }) featured?: boolean | null;
  @Field(() => Int, { nullable: true }) displayOrder?: number | null;
}
