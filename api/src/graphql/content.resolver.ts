import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import {
  collections,
  singletons,
  type CollectionDefinition,
  type SingletonDefinition,
} from '../content/registry.js';
import type { GraphQLContext } from './context.js';

// One generic factory per kind of content: every collection and singleton in the registry gets
// its queries and mutations from here. Resolvers translate arguments; the services own the rules.

/** type-graphql hands us an instance of the input class; services validate plain data. */
const plain = (input: object): Record<string, unknown> => ({ ...input });

const EXPECTED_VERSION = 'The version the client read; when the record has changed since, the update fails with CONFLICT.';

function named<T extends Function>(target: T, name: string): T {
  Object.defineProperty(target, 'name', { value: name });
  return target;
}

export function createCollectionResolver(entry: CollectionDefinition): Function {
  const { entity, input, service, typeName, listField } = entry;

  @Resolver()
  class CollectionResolver {
    @Query(() => [entity], { name: listField })
    list(@Ctx() ctx: GraphQLContext) {
      return service.list(ctx.em);
    }

    @Mutation(() => entity, { name: `create${typeName}` })
    create(@Arg('input', () => input) data: object, @Ctx() ctx: GraphQLContext) {
      return service.create(ctx.em, plain(data), ctx.caller);
    }

    @Mutation(() => entity, { name: `update${typeName}` })
    update(
      @Arg('id', () => Int) id: number,
      @Arg('input', () => input) data: object,
      @Arg('expectedVersion', () => Int, { nullable: true, description: EXPECTED_VERSION }) expected: number | null,
      @Ctx() ctx: GraphQLContext,
    ) {
      return service.update(ctx.em, id, plain(data), ctx.caller, expected ?? undefined);
    }

    @Mutation(() => Boolean, { name: `delete${typeName}` })
    async remove(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext) {
      await service.remove(ctx.em, id, ctx.caller);
      return true;
    }
  }
  return named(CollectionResolver, `${typeName}Resolver`);
}

export function createSingletonResolver(entry: SingletonDefinition): Function {
  const { entity, input, service, typeName, field } = entry;

  @Resolver()
  class SingletonResolver {
    @Query(() => entity, { name: field, nullable: true })
    get(@Ctx() ctx: GraphQLContext) {
      return service.get(ctx.em);
    }

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
  return named(SingletonResolver, `${typeName}Resolver`);
}

/** Resolver classes for the whole registry, created once per process. */
export const contentResolvers: Function[] = [
  ...collections.map(createCollectionResolver),
  ...singletons.map(createSingletonResolver),
];
