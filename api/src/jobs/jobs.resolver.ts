import DataLoader from 'dataloader';
import { Arg, Authorized, Ctx, Extensions, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Publication } from '../content/publication/publication.resolver.js';
import type { GraphQLContext } from '../graphql/context.js';
import { firmTimeZone } from '../content/firm-time-zone.js';
import * as jobs from './jobs.service.js';
import { ScheduledJobType } from './jobs.types.js';

// Scheduled publishing over GraphQL; the service checks the caller and owns every rule.

@Resolver()
export class JobsResolver {
  @Authorized('content.publish')
  @Mutation(() => ScheduledJobType, { description: "Publishes (action 'publish') or takes off the site ('unpublish') a record at a time in the future; a second schedule of the same action moves the first." })
  async schedulePublication(
    @Arg('collection', () => String, { description: "The collection's REST path, e.g. 'news'." }) collection: string,
    @Arg('id', () => Int, { description: 'The id of the record.' }) id: number,
    @Arg('action', () => String, { description: "'publish' or 'unpublish'." }) action: string,
    @Arg('at', () => Date, { description: 'When (in the future, within ten years).' }) at: Date,
    @Ctx() ctx: GraphQLContext,
  ) {
    return jobs.schedule(ctx.em, ctx.caller, { collection, id, action, at }, await firmTimeZone(ctx.em, ctx.deps.config.timeZone));
  }

  @Authorized('content.publish')
  @Mutation(() => ScheduledJobType, { description: 'Moves a pending scheduled job to another time in the future.' })
  async rescheduleJob(
    @Arg('id', () => ID, { description: 'The scheduled job.' }) id: string,
    @Arg('at', () => Date, { description: 'The new time (in the future).' }) at: Date,
    @Ctx() ctx: GraphQLContext,
  ) {
    return jobs.reschedule(ctx.em, ctx.caller, id, at, await firmTimeZone(ctx.em, ctx.deps.config.timeZone));
  }

  @Authorized('content.publish')
  @Mutation(() => Boolean, { description: 'Cancels a pending scheduled job; true when done.' })
  async cancelScheduledJob(@Arg('id', () => ID, { description: 'The scheduled job.' }) id: string, @Ctx() ctx: GraphQLContext) {
    return jobs.cancel(ctx.em, ctx.caller, id, await firmTimeZone(ctx.em, ctx.deps.config.timeZone));
  }

  @Authorized('content.draft')
  @Query(() => [ScheduledJobType], { description: "What is coming up: pending scheduled jobs, soonest first, then the last day's failed or late ones." })
  scheduledJobs(
    @Arg('limit', () => Int, { nullable: true, description: `At most this many (1 to ${jobs.MAX_UPCOMING}; absent: ${jobs.DEFAULT_UPCOMING}).` }) limit: number | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return jobs.upcoming(ctx.em, ctx.caller, { limit });
  }

  @Authorized()
  @Query(() => String, { description: "The firm's time zone (an IANA name: the site settings' timeZone): scheduled times are shown and entered in it, stored in UTC." })
  siteTimeZone(@Ctx() ctx: GraphQLContext): Promise<string> {
    return firmTimeZone(ctx.em, ctx.deps.config.timeZone);
  }
}

/** One loader of a request's scheduled jobs per collection: a page of records costs one query. */
const loaders = new WeakMap<object, Map<string, DataLoader<number, jobs.ScheduledJobView[]>>>();
function loaderOf(ctx: GraphQLContext, path: string): DataLoader<number, jobs.ScheduledJobView[]> {
  let byPath = loaders.get(ctx);
  if (!byPath) loaders.set(ctx, (byPath = new Map()));
  let loader = byPath.get(path);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const found = await jobs.scheduledFor(ctx.em, path, ids);
      return ids.map((id) => found.get(id) ?? []);
    });
    byPath.set(path, loader);
  }
  return loader;
}

@Resolver(() => Publication)
export class PublicationScheduleResolver {
  @Authorized('content.draft')
  // REST's Publication answers do not carry it (GET /api/admin/scheduled lists the jobs).
  @Extensions({ graphqlOnly: true })
  @FieldResolver(() => [ScheduledJobType], { description: "The record's pending scheduled jobs, soonest first." })
  async scheduled(@Root() state: Publication, @Ctx() ctx: GraphQLContext): Promise<jobs.ScheduledJobView[]> {
    const pending = await loaderOf(ctx, state.collection).load(state.recordId);
    return pending.map((job) => ({ ...job, label: state.label }));
  }
}

/** The resolver classes of scheduled jobs, for the schema. */
export const jobResolvers: Function[] = [JobsResolver, PublicationScheduleResolver];
