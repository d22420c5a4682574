import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { createPreviewLink, DEFAULT_DAYS, MAX_DAYS, previewLinks, revokePreviewLink } from './preview-links.service.js';

// Share links to previews over GraphQL (REST twin: preview.routes.ts); the service owns the rules.

@ObjectType('PreviewLink', { description: 'A share link to the preview of one record, for a reviewer without an account.' })
export class PreviewLinkType {
  @Field(() => ID, { description: 'Names the link (revokePreviewLink).' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'The link to share (absolute, from PUBLIC_URL): only in the answer of createPreviewLink; null afterwards.' })
  url!: string | null;

  @Field(() => Date, { description: 'When the link stops working.' })
  expiresAt!: Date;

  @Field(() => Date, { description: 'When the link was made.' })
  createdAt!: Date;

  @Field(() => String, { nullable: true, description: 'The username of whoever made it.' })
  createdBy!: string | null;

  @Field(() => Date, { nullable: true, description: 'When it was revoked; null while it is not.' })
  revokedAt!: Date | null;
}

const COLLECTION = "The content type's REST name (news, team-members, landing-content, ...).";

@Resolver()
export class PreviewLinksResolver {
  @Authorized('content.draft')
  @Mutation(() => PreviewLinkType, { description: 'Makes a share link to the preview of a record (its url is only in this answer).' })
  createPreviewLink(
    @Arg('collection', () => String, { description: COLLECTION }) collection: string,
    @Arg('id', () => Int, { description: 'The id of the record.' }) id: number,
    @Arg('days', () => Int, { nullable: true, description: `How many days it works: 1 to ${MAX_DAYS} (default ${DEFAULT_DAYS}).` }) days: number | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return createPreviewLink(ctx.em, ctx.caller, ctx.deps.config, collection, id, days);
  }

  @Authorized('content.draft')
  @Query(() => [PreviewLinkType], { description: "A record's share links, newest first (revoked and expired ones too)." })
  previewLinks(
    @Arg('collection', () => String, { description: COLLECTION }) collection: string,
    @Arg('id', () => Int, { description: 'The id of the record.' }) id: number,
    @Ctx() ctx: GraphQLContext,
  ) {
    return previewLinks(ctx.em, ctx.caller, collection, id);
  }

  @Authorized('content.draft')
  @Mutation(() => Boolean, { description: 'Revokes a share link at once; true when done.' })
  async revokePreviewLink(@Arg('id', () => ID, { description: 'The link.' }) id: string, @Ctx() ctx: GraphQLContext) {
    await revokePreviewLink(ctx.em, ctx.caller, id);
    return true;
  }
}
