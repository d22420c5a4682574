import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { ContentHistory } from '../content/history/content-history.entity.js';
import { changedFields } from '../content/history/changed-fields.js';
import { MAX_LIST_LIMIT, sharedDescriptions } from '@consulting/model';
import { HISTORY_PAGE, contentHistory, restoreRevision, undoDelete, undoDeleteMany } from '../content/history/history.service.js';
import { MAX_BULK_IDS, parseListOptions } from '../content/list-options.js';
import type { GraphQLContext } from './context.js';

// History, restore and undo of content records: admins only (the service refuses anyone else).

@Resolver(() => ContentHistory)
export class HistoryResolver {
  @Authorized('content.draft')
  @Query(() => [ContentHistory], { description: "A record's changes, newest first (admins only), a page at a time with limit and offset." })
  contentHistory(
    @Arg('collection', () => String, { description: "REST path of the collection, e.g. 'team-members'." }) collection: string,
    @Arg('id', () => Int, { description: 'The id of the record.' }) id: number,
    @Ctx() ctx: GraphQLContext,
    @Arg('limit', () => Int, { nullable: true, description: `Return at most this many entries (1 to ${MAX_LIST_LIMIT}). Absent: ${HISTORY_PAGE}.` }) limit?: number | null,
    @Arg('offset', () => Int, { nullable: true, description: sharedDescriptions.offset }) offset?: number | null,
  ) {
    return contentHistory(ctx.em, collection, id, ctx.caller, parseListOptions({ limit, offset }, []));
  }

  @Authorized('content.publish')
  @Mutation(() => ContentHistory, { description: 'Brings a record back to the state a history entry recorded (admins only).' })
  restoreRevision(@Arg('revisionId', () => Int, { description: 'The id of the history entry to go back to.' }) revisionId: number, @Ctx() ctx: GraphQLContext) {
    return restoreRevision(ctx.em, revisionId, ctx.caller);
  }

  @Authorized('content.publish')
  @Mutation(() => ContentHistory, { description: 'Restores a deleted record with its id and place (admins only).' })
  undoDelete(
    @Arg('collection', () => String, { description: "REST path of the collection, e.g. 'team-members'." }) collection: string,
    @Arg('id', () => Int, { description: 'The id the deleted record had.' }) id: number, @Ctx() ctx: GraphQLContext) {
    return undoDelete(ctx.em, collection, id, ctx.caller);
  }

  @Authorized('content.publish')
  @Mutation(() => Int, { description: 'Restores several deleted records of one collection with their ids and places, in one transaction; returns how many. A record that is not deleted (or never was): NOT_FOUND and nothing is restored (admins only).' })
  undoDeleteMany(
    @Arg('collection', () => String, { description: "REST path of the collection, e.g. 'team-members'." }) collection: string,
    @Arg('ids', () => [Int], { description: `The ids the deleted records had (1 to ${MAX_BULK_IDS}).` }) ids: number[],
    @Ctx() ctx: GraphQLContext,
  ) {
    return undoDeleteMany(ctx.em, collection, ids, ctx.caller);
  }

  @FieldResolver(() => [String], { description: 'Fields whose value differs between before and after.' })
  changed(@Root() entry: ContentHistory): string[] {
    return changedFields(entry);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The whole record before the change, as JSON.' })
  before(@Root() entry: ContentHistory): string | null {
    return entry.before ? JSON.stringify(entry.before) : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The whole record after the change, as JSON.' })
  after(@Root() entry: ContentHistory): string | null {
    return entry.after ? JSON.stringify(entry.after) : null;
  }
}
