import { Ctx, Query, Resolver } from 'type-graphql';
import { clients, news } from '@consulting/model';
import { newsPreview, projectsPreview } from '../content/previews.service.js';
import { entityOf } from '../content/registry.js';
import type { GraphQLContext } from './context.js';

// The landing page's previews, decided by the service (previews.service.ts).

const News = entityOf(news);
const Client = entityOf(clients);

@Resolver()
export class PreviewsResolver {
  @Query(() => [News], { description: 'The news the landing page shows: the featured items (at most 3), else the first 3.' })
  newsPreview(@Ctx() ctx: GraphQLContext) {
    return newsPreview(ctx.em);
  }

  @Query(() => [Client], { description: 'The projects the landing page shows: every featured project (at most 12), else the first 6.' })
  projectsPreview(@Ctx() ctx: GraphQLContext) {
    return projectsPreview(ctx.em);
  }
}
