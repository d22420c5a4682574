import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { ActivityResolver } from '../activity/activity.resolver.js';
import { InboxResolver } from '../enquiries/inbox.resolver.js';
import { IntakeResolver } from '../enquiries/intake.resolver.js';
import { AccountsResolver } from './accounts.resolver.js';
import { annotateAccess, authChecker } from './access.js';
import { AuthResolver } from './auth.resolver.js';
import { SecurityResolver } from './security.resolver.js';
import { contentResolvers } from './content.resolver.js';
import { ownPageResolvers } from './own-pages.resolver.js';
import { publicationResolvers } from '../content/publication/publication.resolver.js';
import { HistoryResolver } from './history.resolver.js';
import { OverviewResolver } from './overview.resolver.js';
import { PreviewsResolver } from './previews.resolver.js';
import { PreviewLinksResolver } from '../preview/preview-links.resolver.js';
import { UploadResolver } from './upload.resolver.js';
import { jobResolvers } from '../jobs/jobs.resolver.js';
import { WebhooksResolver } from '../webhooks/webhooks.resolver.js';

let built: Promise<GraphQLSchema> | undefined;

/** The GraphQL schema, built once per process from the resolver classes. */
export function graphQLSchema(): Promise<GraphQLSchema> {
  const resolvers = [AuthResolver, SecurityResolver, AccountsResolver, UploadResolver, ...contentResolvers, ...ownPageResolvers, ...publicationResolvers, PreviewsResolver, WebhooksResolver, HistoryResolver, OverviewResolver, PreviewLinksResolver, ActivityResolver, InboxResolver, IntakeResolver, ...jobResolvers] as const;
  built ??= buildSchema({
    resolvers,
    // Services validate raw input themselves (REST sends raw JSON); no class-validator here.
    validate: false,
    // @Authorized('<permission>') on every staff field, checked by one checker (access.ts).
    authChecker,
  })
    .then((schema) => annotateAccess(schema, resolvers))
    .then(describeRoots);
  return built;
}

/** type-graphql has no option for the root types' descriptions. */
function describeRoots(schema: GraphQLSchema): GraphQLSchema {
  schema.getQueryType()!.description =
    'Public reads (no session needed), except `me`. Anonymous queries are cached per content revision; send them over GET or as persisted queries for a CDN.';
  schema.getMutationType()!.description = 'Changes: signing in and out, and staff edits (each field names the permission it needs; same-site or trusted origins only).';
  return schema;
}

const header = `# -----------------------------------------------------
# THIS FILE IS GENERATED FROM THE API CODE (npm run schema -w api). DO NOT EDIT.
# -----------------------------------------------------

`;

/** The committed SDL (api/schema.graphql): sorted so diffs stay small and reviewable. */
export async function schemaFileContent(): Promise<string> {
  return header + printSchema(lexicographicSortSchema(await graphQLSchema())) + '\n';
}
