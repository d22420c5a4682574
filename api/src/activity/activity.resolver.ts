import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Authorized, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { activityPage, DEFAULT_ACTIVITY_PAGE, MAX_ACTIVITY_PAGE, type ActivityEntryView } from './activity.service.js';

// The activity log over GraphQL (the REST twin: activity.routes.ts). Admins (the `activity`
// permission); the service checks it again.

@ObjectType('ActivityEntry', { description: 'One entry of the activity log: who did what and when.' })
export class ActivityEntry implements ActivityEntryView {
  @Field(() => ID, { description: 'The id of the entry.' })
  id!: string;

  @Field(() => Date, { description: 'When it happened.' })
  at!: Date;

  @Field(() => String, { nullable: true, description: "Who: a username, 'scheduler', or the username tried by a failed sign-in." })
  username!: string | null;

  @Field(() => String, { description: 'sign-in, sign-out, sign-in-failed, content.<action>, account.<change>, webhook.<change>, enquiry.<change>, job.late.' })
  kind!: string;

  @Field(() => String, { nullable: true, description: "The content type's REST path, when it is about a record." })
  collection!: string | null;

  @Field(() => Int, { nullable: true, description: 'The id of the record, when it is about one.' })
  recordId!: number | null;

  @Field(() => String, { description: 'What happened, in words.' })
  summary!: string;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'More about it (the fields an update changed, ...).' })
  details!: Record<string, unknown> | null;
}

@ObjectType('ActivityPage', { description: 'A page of the activity log and how many entries the filter selects.' })
export class ActivityPage {
  @Field(() => [ActivityEntry], { description: 'The entries of this page, newest first.' })
  items!: ActivityEntry[];

  @Field(() => Int, { description: 'How many entries the filter selects in all.' })
  total!: number;
}

@Resolver()
export class ActivityResolver {
  @Authorized('activity')
  @Query(() => ActivityPage, { description: 'The activity log, newest first, filtered and paged (admins).' })
  activity(
    @Ctx() ctx: GraphQLContext,
    @Arg('username', () => String, { nullable: true, description: 'Only the entries of this person (exact username).' }) username?: string | null,
    @Arg('kind', () => String, { nullable: true, description: "Only these kinds: a kind (sign-in), a group (content., sign-, account.), or several separated by commas." }) kind?: string | null,
    @Arg('from', () => Date, { nullable: true, description: 'Only entries at or after this time.' }) from?: Date | null,
    @Arg('to', () => Date, { nullable: true, description: 'Only entries before this time.' }) to?: Date | null,
    @Arg('limit', () => Int, { nullable: true, description: `At most this many (1 to ${MAX_ACTIVITY_PAGE}). Absent: ${DEFAULT_ACTIVITY_PAGE}.` }) limit?: number | null,
    @Arg('offset', () => Int, { nullable: true, description: 'Skip this many (paging).' }) offset?: number | null,
  ) {
    return activityPage(ctx.em, ctx.caller, { username, kind, from, to, limit, offset });
  }
}
