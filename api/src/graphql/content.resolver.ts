import type { EntityClass } from '@mikro-orm/core';
import { Arg, Args, ArgsType, Authorized, Ctx, Field, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SEARCH_COUNT_LIMIT, sharedDescriptions } from '@consulting/model';
import { choiceFilterDescription, MAX_BULK_IDS, MAX_SEARCH_LENGTH, parseListOptions } from '../content/list-options.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../auth/caller.js';
import type { ExpectedVersion } from '../content/collection.js';
import {
  collections,
  singletons,
  type CollectionDefinition,
  type SingletonDefinition,
} from '../content/registry.js';
import { enumOf } from '../content/graphql-types.js';
import type { GraphQLContext } from './context.js';
import { overlayFor, previewCount, previewItem, previewList, previewSingleton } from '../preview/overlay.js';

// Generic resolvers: every collection and singleton in the registry gets its queries and mutations
// from here. Resolvers translate arguments; the services own the rules. A content type with
// behaviour of its own gets a resolver file that extends these classes.

/** type-graphql hands us an instance of the input class; services validate plain data. */
const plain = (input: object): Record<string, unknown> => ({ ...input });

const EXPECTED_VERSION = 'The version the client read; when the record has changed since, the update fails with CONFLICT (extensions: currentVersion, changedBy, changedAt).';
const ID = 'The id of the record.';
const INPUT = 'The field values (validated by the server; errors come back as BAD_USER_INPUT with extensions.errors).';

const SEARCH = `Only records whose searchable text contains this (case-insensitive; 1 to ${MAX_SEARCH_LENGTH} characters after trimming; needs limit on a list).`;
const sortDescription = (sortable: readonly string[]) =>
  `Order by this field, - first for descending (${sortable.join(', ')}); ties by id. Needs limit. Absent: display order, then id.`;

/** The arguments of a collection's list: limit, offset, one filter per on/off field and per enum choice field, search and sort (a count: the filters and search only). */
function listArgs(entry: CollectionDefinition, paged = true): new () => object {
  class ListArgs {}
  Object.defineProperty(ListArgs, 'name', { value: `${entry.typeName}${paged ? 'List' : 'Count'}Args` });
  if (paged) {
    Field(() => Int, { nullable: true, description: sharedDescriptions.limit })(ListArgs.prototype, 'limit');
    Field(() => Int, { nullable: true, description: sharedDescriptions.offset })(ListArgs.prototype, 'offset');
  }
  for (const name of entry.filters) {
    const field = entry.type.fields[name];
    Field(() => Boolean, { nullable: true, description: sharedDescriptions.flagFilter(field.messageName) })(ListArgs.prototype, name);
  }
  for (const filter of entry.choiceFilters) {
    const graphQLType = enumOf(entry.type.fields[filter.name]);
    Field(() => graphQLType, { nullable: true, description: choiceFilterDescription(filter) })(ListArgs.prototype, filter.name);
  }
  if (entry.listing.searchable) Field(() => String, { nullable: true, description: SEARCH })(ListArgs.prototype, 'search');
  if (paged) Field(() => String, { nullable: true, description: sortDescription(entry.listing.sortable) })(ListArgs.prototype, 'sort');
  ArgsType()(ListArgs);
  return ListArgs;
}

const IDS = `The ids of the records (1 to ${MAX_BULK_IDS}; a repeated id counts once).`;

function named<T extends Function>(target: T, name: string): T {
  Object.defineProperty(target, 'name', { value: name });
  return target;
}

interface Updatable {
  entity: EntityClass<object>;
  input: new () => object;
  typeName: string;
  service: { update(em: EntityManager, id: number, input: unknown, caller: Caller, expected?: ExpectedVersion): Promise<object> };
}

/** `update<Type>(id, input, expectedVersion)`, shared by collections and singletons. */
export function createUpdateResolver({ entity, input, typeName, service }: Updatable) {
  // Only the classes that extend it are given to buildSchema.
  @Resolver()
  abstract class UpdateResolver {
    @Authorized('content.publish')
    @Mutation(() => entity, { name: `update${typeName}`, description: `Changes a ${typeName} (Editors and Admins).` })
    update(
      @Arg('id', () => Int, { description: ID }) id: number,
      @Arg('input', () => input, { description: INPUT }) data: object,
      @Arg('expectedVersion', () => Int, { nullable: true, description: EXPECTED_VERSION }) expected: number | null,
      @Ctx() ctx: GraphQLContext,
    ) {
      return service.update(ctx.em, id, plain(data), ctx.caller, expected ?? undefined);
    }
  }
  return UpdateResolver;
}

export function createCollectionResolver(entry: CollectionDefinition) {
  const { entity, input, service, typeName, listField, itemField, filters, choiceFilters, listing } = entry;
  const ListArgs = listArgs(entry);
  const CountArgs = listArgs(entry, false);

  @Resolver()
  class CollectionResolver extends createUpdateResolver(entry) {
    @Query(() => [entity], { name: listField, description: sharedDescriptions.list(entry.type.description) })
    list(@Args(() => ListArgs) args: object, @Ctx() ctx: GraphQLContext) {
      const options = parseListOptions(plain(args), filters, listing, { choices: choiceFilters });
      const preview = overlayFor(ctx.preview, entry.path);
      return preview ? previewList(ctx.em, entry, options, preview) : service.list(ctx.em, options);
    }

    @Query(() => Int, {
      name: `${listField}Count`,
      description:
        `How many records the ${listField} list holds with the same filters (for paging with limit and offset).` +
        (listing.searchable ? ` With a search, counting stops: at most ${SEARCH_COUNT_LIMIT + 1}, which means more than ${SEARCH_COUNT_LIMIT}; without one, exact.` : ''),
    })
    async count(@Args(() => CountArgs) args: object, @Ctx() ctx: GraphQLContext) {
      const options = parseListOptions(plain(args), filters, listing, { counting: true, choices: choiceFilters });
      const preview = overlayFor(ctx.preview, entry.path);
      return preview ? previewCount(ctx.em, entry, options, preview) : service.count(ctx.em, options);
    }

    @Query(() => entity, { name: itemField, nullable: true, description: sharedDescriptions.byId(typeName) })
    item(@Arg('id', () => Int, { description: ID }) id: number, @Ctx() ctx: GraphQLContext) {
      const preview = overlayFor(ctx.preview, entry.path);
      return preview ? previewItem(ctx.em, entry, id, preview) : service.find(ctx.em, id);
    }

    @Authorized('content.publish')
    @Mutation(() => entity, { name: `create${typeName}`, description: `Adds a ${typeName} (Editors and Admins).` })
    create(@Arg('input', () => input, { description: INPUT }) data: object, @Ctx() ctx: GraphQLContext) {
      return service.create(ctx.em, plain(data), ctx.caller);
    }

    @Authorized('content.publish')
    @Mutation(() => Boolean, { name: `delete${typeName}`, description: `Removes a ${typeName} (Editors and Admins); true when done.` })
    async remove(@Arg('id', () => Int, { description: ID }) id: number, @Ctx() ctx: GraphQLContext) {
      await service.remove(ctx.em, id, ctx.caller);
      return true;
    }

    @Authorized('content.publish')
    @Mutation(() => Int, {
      name: `delete${typeName}Many`,
      description: `Removes several ${typeName} records at once, in one transaction, each with its own history entry (undoDeleteMany brings them back); returns how many. An unknown id: NOT_FOUND and nothing is removed (Editors and Admins).`,
    })
    removeMany(@Arg('ids', () => [Int], { description: IDS }) ids: number[], @Ctx() ctx: GraphQLContext) {
      return service.removeMany(ctx.em, ids, ctx.caller);
    }

    @Authorized('content.publish')
    @Mutation(() => [entity], { name: `move${typeName}`, description: 'Moves the record to a 0-based position; returns the whole list in its new order.' })
    move(
      @Arg('id', () => Int, { description: ID }) id: number,
      @Arg('toIndex', () => Int, { description: 'The 0-based position to move the record to.' }) toIndex: number,
      @Ctx() ctx: GraphQLContext,
    ) {
      return service.move(ctx.em, id, toIndex, ctx.caller);
    }

    @Authorized('content.publish')
    @Mutation(() => entity, {
      name: `place${typeName}`,
      description: `Moves the record to a 0-based position (past the end: last) like move${typeName}, and returns only the moved record, not the whole list (Editors and Admins).`,
    })
    place(
      @Arg('id', () => Int, { description: ID }) id: number,
      @Arg('toIndex', () => Int, { description: 'The 0-based position to move the record to.' }) toIndex: number,
      @Ctx() ctx: GraphQLContext,
    ) {
      return service.place(ctx.em, id, toIndex, ctx.caller);
    }
  }
  if (filters.length === 0) return named(CollectionResolver, `${typeName}Resolver`);

  /** `update<Type>Flags(ids, <flag>: Boolean!)`: one argument per on/off field of the type. */
  class FlagArgs {}
  Object.defineProperty(FlagArgs, 'name', { value: `${typeName}FlagArgs` });
  Field(() => [Int], { description: IDS })(FlagArgs.prototype, 'ids');
  for (const name of filters) {
    Field(() => Boolean, { description: `The new value of ${entry.type.fields[name].messageName.toLowerCase()} for every record named.` })(FlagArgs.prototype, name);
  }
  ArgsType()(FlagArgs);

  @Resolver()
  class FlaggedCollectionResolver extends CollectionResolver {
    @Authorized('content.publish')
    @Mutation(() => [entity], {
      name: `update${typeName}Flags`,
      description: `Sets on/off fields of several ${typeName} records at once, in one transaction, each change with its own history entry; returns the records in the order of the ids. An unknown id: NOT_FOUND and nothing changes (Editors and Admins).`,
    })
    updateFlags(@Args(() => FlagArgs) args: object, @Ctx() ctx: GraphQLContext) {
      const { ids, ...values } = plain(args);
      return service.updateFlags(ctx.em, ids, values, ctx.caller);
    }
  }
  return named(FlaggedCollectionResolver, `${typeName}Resolver`);
}

export function createSingletonResolver(entry: SingletonDefinition) {
  const { entity, service, field, typeName } = entry;

  @Resolver()
  class SingletonResolver extends createUpdateResolver(entry) {
    @Query(() => entity, { name: field, nullable: true, description: `${entry.type.description} Null until it is first saved.` })
    get(@Ctx() ctx: GraphQLContext) {
      const preview = overlayFor(ctx.preview, entry.path);
      return preview ? previewSingleton(entry, preview) : service.get(ctx.em);
    }
  }
  return named(SingletonResolver, `${typeName}Resolver`);
}

/** Resolver classes for the whole registry, created once per process. */
export const contentResolvers: Function[] = [
  ...collections.map(createCollectionResolver),
  ...singletons.map(createSingletonResolver),
];
