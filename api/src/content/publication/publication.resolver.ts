import DataLoader from 'dataloader';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Authorized, Ctx, Field, FieldResolver, InputType, Int, Mutation, ObjectType, Query, registerEnumType, Resolver, Root } from 'type-graphql';
import { editableFields, type ContentType } from '@consulting/model';
import { requirePermission } from '../../auth/permissions.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { collections, singletons, type CollectionDefinition, type SingletonDefinition } from '../registry.js';
import { contentInputFields } from '../graphql-types.js';
import type { Publication as PublicationData, PublicationState } from './publication.js';
import { publication } from './publication.service.js';

// The editorial workflow over GraphQL: each content type's `publication` field and typed draft
// mutations (`save<Type>Draft`, `create<Type>Draft`), and the operations every type shares, named
// by collection (`publish(collection, id)`). Staff only; the services check the permission again.

const STATES: Record<PublicationState, PublicationState> = { PUBLISHED: 'PUBLISHED', CHANGED: 'CHANGED', DRAFT: 'DRAFT', UNPUBLISHED: 'UNPUBLISHED' };
registerEnumType(STATES, {
  name: 'PublicationState',
  description: 'Where a record stands in the editorial workflow.',
  valuesConfig: {
    PUBLISHED: { description: 'On the site, no pending draft.' },
    CHANGED: { description: 'On the site, with a draft of changes not published yet.' },
    DRAFT: { description: 'Never published: only staff see it.' },
    UNPUBLISHED: { description: 'Taken off the site; its values are kept as its draft.' },
  },
});

@ObjectType('Publication', { description: "A record's place in the editorial workflow (staff only)." })
export class Publication implements PublicationData {
  @Field(() => String, { description: "The collection's REST path, e.g. 'news'." })
  collection!: string;

  @Field(() => Int, { description: 'The id of the record (kept from its first draft on).' })
  recordId!: number;

  @Field(() => STATES, { description: 'Where the record stands: PUBLISHED, CHANGED, DRAFT or UNPUBLISHED.' })
  state!: PublicationState;

  @Field(() => Boolean, { description: 'On the public site now.' })
  live!: boolean;

  @Field(() => Boolean, { description: 'The record has a draft not published yet.' })
  hasDraft!: boolean;

  @Field(() => Int, { nullable: true, description: 'The draft\'s version (name it as expectedDraftVersion when saving); null without a draft.' })
  draftVersion!: number | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: "The draft's field values (possibly incomplete); null without a draft." })
  values!: Record<string, unknown> | null;

  @Field(() => String, { description: 'What to call the record in a list (its draft name, else its published one).' })
  label!: string;

  @Field(() => Date, { nullable: true, description: 'When the draft was last saved.' })
  updatedAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Who last saved the draft.' })
  updatedBy!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the draft was submitted for review; null when it was not.' })
  submittedAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Who submitted the draft for review.' })
  submittedBy!: string | null;
}

@ObjectType('PublicationPage', { description: 'A page of records that are not on the site.' })
class PublicationPage {
  @Field(() => [Publication], { description: 'The records of this page.' })
  items!: Publication[];

  @Field(() => Int, { description: 'How many there are in all.' })
  total!: number;
}

const COLLECTION = "The collection's REST path, e.g. 'news' or 'landing-content'.";
const ID = 'The id of the record.';

/** One loader of publication states per request and collection: a page of rows costs one query. */
const loaders = new WeakMap<object, Map<string, DataLoader<Record<string, unknown>, PublicationData>>>();
function loaderOf(ctx: GraphQLContext, path: string): DataLoader<Record<string, unknown>, PublicationData> {
  let byPath = loaders.get(ctx);
  if (!byPath) loaders.set(ctx, (byPath = new Map()));
  let loader = byPath.get(path);
  if (!loader) {
    loader = new DataLoader(
      async (records) => {
        await requirePermission(ctx.em, ctx.caller, 'content.draft');
        const states = await publication.statesOf(ctx.em, path, records);
        return records.map((record) => states.get(record.id as number)!);
      },
      { cache: false },
    );
    byPath.set(path, loader);
  }
  return loader;
}

/** `<Type>DraftInput`: the type's input with every field optional (a draft may be incomplete). */
function draftInput(type: ContentType): new () => object {
  const Input = class {};
  Object.defineProperty(Input, 'name', { value: `${type.typeName}DraftInput` });
  contentInputFields(Input, editableFields(type), { allOptional: true });
  InputType(`${type.typeName}DraftInput`, { description: `A draft of a ${type.typeName}: its fields, any of them empty (checked as on publish when given).` })(Input);
  return Input;
}

function typeResolver(entry: CollectionDefinition | SingletonDefinition) {
  const { entity, typeName, path, type } = entry;
  const DraftInput = draftInput(type);

  @Resolver(() => entity)
  class TypeWorkflowResolver {
    @Authorized('content.draft')
    @FieldResolver(() => Publication, { description: 'Where this record stands in the editorial workflow (staff only).' })
    publication(@Root() record: Record<string, unknown>, @Ctx() ctx: GraphQLContext) {
      return loaderOf(ctx, path).load(record);
    }

    @Authorized('content.draft')
    @Mutation(() => Publication, { name: `save${typeName}Draft`, description: `Saves a draft of a ${typeName}: the public site does not change until it is published.` })
    saveDraft(
      @Arg('id', () => Int, { description: ID }) id: number,
      @Arg('input', () => DraftInput, { description: 'The draft\'s field values (any may be empty; what is given is checked as on publish).' }) input: object,
      @Arg('expectedDraftVersion', () => Int, { nullable: true, description: 'The draft version the client read; a newer draft: CONFLICT.' }) expected: number | null,
      @Ctx() ctx: GraphQLContext,
    ) {
      return publication.saveDraft(ctx.em, path, id, { ...input }, ctx.caller, expected ?? undefined);
    }
  }
  Object.defineProperty(TypeWorkflowResolver, 'name', { value: `${typeName}WorkflowResolver` });
  if (type.kind !== 'collection') return TypeWorkflowResolver;

  @Resolver(() => entity)
  class CollectionWorkflowResolver extends TypeWorkflowResolver {
    @Authorized('content.draft')
    @Mutation(() => Publication, { name: `create${typeName}Draft`, description: `Starts a ${typeName} as a draft, not on the site until published.` })
    createDraft(@Arg('input', () => DraftInput, { description: 'The draft\'s field values (any may be empty; what is given is checked as on publish).' }) input: object, @Ctx() ctx: GraphQLContext) {
      return publication.createDraft(ctx.em, path, { ...input }, ctx.caller);
    }
  }
  Object.defineProperty(CollectionWorkflowResolver, 'name', { value: `${typeName}CollectionWorkflowResolver` });
  return CollectionWorkflowResolver;
}

@Resolver()
export class PublicationResolver {
  @Authorized('content.draft')
  @Query(() => Publication, { description: "A record's place in the editorial workflow, with its draft (NOT_FOUND when neither published nor drafted)." })
  publication(@Arg('collection', () => String, { description: COLLECTION }) collection: string, @Arg('id', () => Int, { description: ID }) id: number, @Ctx() ctx: GraphQLContext) {
    return publication.get(ctx.em, collection, id, ctx.caller);
  }

  @Authorized('content.draft')
  @Query(() => PublicationPage, { description: "A collection's records that are not on the site (never published or unpublished), most recently edited first." })
  unpublishedItems(
    @Arg('collection', () => String, { description: COLLECTION }) collection: string,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 200; 50 when absent.' }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true, description: 'How many to skip (0 when absent).' }) offset: number | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return publication.notOnSite(ctx.em, collection, ctx.caller, { limit, offset });
  }

  @Authorized('content.draft')
  @Query(() => [Publication], { description: 'Drafts submitted for review, oldest request first.' })
  reviewQueue(@Arg('limit', () => Int, { nullable: true, description: '1 to 200; 50 when absent.' }) limit: number | null, @Ctx() ctx: GraphQLContext) {
    return publication.reviewQueue(ctx.em, ctx.caller, { limit });
  }

  @Authorized('content.draft')
  @Mutation(() => Boolean, { description: 'Drops the draft: a published record goes back to what is published; one never published is gone.' })
  async discardDraft(@Arg('collection', () => String, { description: COLLECTION }) collection: string, @Arg('id', () => Int, { description: ID }) id: number, @Ctx() ctx: GraphQLContext) {
    await publication.discardDraft(ctx.em, collection, id, ctx.caller);
    return true;
  }

  @Authorized('content.publish')
  @Mutation(() => Publication, { description: 'Puts the draft on the site (checked as a save is; BAD_USER_INPUT naming what is missing).' })
  publish(@Arg('collection', () => String, { description: COLLECTION }) collection: string, @Arg('id', () => Int, { description: ID }) id: number, @Ctx() ctx: GraphQLContext) {
    return publication.publish(ctx.em, collection, id, ctx.caller);
  }

  @Authorized('content.publish')
  @Mutation(() => Publication, { description: 'Takes a record off the site without deleting it; its values stay as its draft.' })
  unpublish(@Arg('collection', () => String, { description: COLLECTION }) collection: string, @Arg('id', () => Int, { description: ID }) id: number, @Ctx() ctx: GraphQLContext) {
    return publication.unpublish(ctx.em, collection, id, ctx.caller);
  }

  @Authorized('content.draft')
  @Mutation(() => Publication, { description: "Asks for the record's draft to be reviewed (the dashboard's \"Waiting for review\")." })
  submitForReview(@Arg('collection', () => String, { description: COLLECTION }) collection: string, @Arg('id', () => Int, { description: ID }) id: number, @Ctx() ctx: GraphQLContext) {
    return publication.submitForReview(ctx.em, collection, id, ctx.caller);
  }
}

/** The workflow's resolver classes, for the schema. */
export const publicationResolvers: Function[] = [PublicationResolver, ...collections.map(typeResolver), ...singletons.map(typeResolver)];
