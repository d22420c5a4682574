import type { EntityClass } from '@mikro-orm/core';
import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../auth/caller.js';
import type { ExpectedVersion } from '../content/collection.js';
import {
  collections,
  singletons,
  type CollectionDefinition,
  type SingletonDefinition,
} from '../content/registry.js';
import type { GraphQLContext } from './context.js';

// Generic resolvers: every collection and singleton in the registry gets its queries and mutations
// from here. Resolvers translate arguments; the services own the rules. A content type with
// behaviour of its own gets a resolver file that extends these classes.

/** type-graphql hands us an instance of the input class; services validate plain data. */
const plain = (input: object): Record<string, unknown> => ({ ...input });

const EXPECTED_VERSION = 'The version the client read; when the record has changed since, the update fails with CONFLICT.';

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
    @Mutation(() => entity, { name: `update${typeName}` })
    update(
      @Arg('id', () => Int) id: number,
      @Arg('input', () => input) data: object,
      @Arg('expectedVersion', () => Int, { nullable: true, description: EXPECTED_VERSION }) expected: number | null,
      @Ctx() ctx: GraphQLContext,
    ) {
      return service.update(ctx.em, id, plain(data), ctx.caller, expected ?? undefined);
    }
  }
  return UpdateResolver;
}

export function createCollectionResolver(entry: CollectionDefinition) {
  const { entity, input, service, typeName, listField } = entry;

  @Resolver()
  class CollectionResolver extends createUpdateResolver(entry) {
    @Query(() => [entity], { name: listField })
    list(@Ctx() ctx: GraphQLContext) {
      return service.list(ctx.em);
    }

    @Mutation(() => entity, { name: `create${typeName}` })
    create(@Arg('input', () => input) data: object, @Ctx() ctx: GraphQLContext) {
      return service.create(ctx.em, plain(data), ctx.caller);
    }

    @Mutation(() => Boolean, { name: `delete${typeName}` })
    async remove(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext) {
      await service.remove(ctx.em, id, ctx.caller);
      return true;
    }

    @Mutation(() => [entity], { name: `move${typeName}`, description: 'Moves the record to a 0-based position; returns the whole list in its new order.' })
    move(@Arg('id', () => Int) id: number, @Arg('toIndex', () => Int) toIndex: number, @Ctx() ctx: GraphQLContext) {
      return service.move(ctx.em, id, toIndex, ctx.caller);
    }
  }
  return named(CollectionResolver, `${typeName}Resolver`);
}

export function createSingletonResolver(entry: SingletonDefinition) {
  const { entity, service, field, typeName } = entry;

  @Resolver()
  class SingletonResolver extends createUpdateResolver(entry) {
    @Query(() => entity, { name: field, nullable: true })
    get(@Ctx() ctx: GraphQLContext) {
      return service.get(ctx.em);
    }
  }
  return named(SingletonResolver, `${typeName}Resolver`);
}

/** Resolver classes for the whole registry, created once per process. */
export const contentResolvers: Function[] = [
  ...collections.map(createCollectionResolver),
  ...singletons.map(createSingletonResolver),
];
