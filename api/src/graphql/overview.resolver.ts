import { Arg, Authorized, Ctx, Field, FieldResolver, Int, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { ContentHistory } from '../content/history/content-history.entity.js';
import { MAX_RECENT_CHANGES, RECENT_CHANGES, collectionCounts, recentChanges, recordNameOf } from '../content/overview.service.js';
import type { GraphQLContext } from './context.js';

// The admin dashboard's reads: recent changes across the content, and each collection's size (admins only).

@ObjectType('CollectionCount', { description: 'How many records one collection holds.' })
class CollectionCount {
  @Field(() => String, { description: "The collection's REST path, e.g. 'team-members'." })
  collection!: string;

  @Field(() => Int, { description: 'Its number of records.' })
  count!: number;
}

@Resolver(() => ContentHistory)
export class OverviewResolver {
  @Authorized('content.draft')
  @Query(() => [ContentHistory], { description: `The latest changes to any content record, newest first (admins only).` })
  recentChanges(
    @Ctx() ctx: GraphQLContext,
    @Arg('limit', () => Int, { nullable: true, description: `Return at most this many entries (1 to ${MAX_RECENT_CHANGES}). Absent: ${RECENT_CHANGES}.` }) limit?: number | null,
  ) {
    return recentChanges(ctx.em, ctx.caller, limit);
  }

  @Authorized('content.draft')
  @Query(() => [CollectionCount], { description: "Each collection's number of records, in the content model's order (admins only)." })
  collectionCounts(@Ctx() ctx: GraphQLContext) {
    return collectionCounts(ctx.em, ctx.caller);
  }

  @FieldResolver(() => String, { nullable: true, description: "What the record is called (its title or name), after the change or, for a delete, before it; null for a singleton." })
  recordName(@Root() entry: ContentHistory): string | null {
    return recordNameOf(entry);
  }
}
