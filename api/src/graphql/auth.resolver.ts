import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { currentUser, login } from '../auth/auth.service.js';
import { endSession, startSession } from '../auth/session.js';
import { User } from '../auth/user.entity.js';
import type { GraphQLContext } from './context.js';

// Shares the REST session cookie and the login rate limit: both go through the auth service.
@Resolver()
export class AuthResolver {
  @Mutation(() => User)
  async login(
    @Arg('username', () => String) username: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    const user = await login(ctx.em, { username, password }, ctx.req.ip ?? 'unknown', ctx.deps.config.loginLimits);
    await startSession(ctx.req, user.id);
    return user;
  }

  @Mutation(() => Boolean)
  async logout(@Ctx() ctx: GraphQLContext) {
    await endSession(ctx.req);
    return true;
  }

  @Query(() => User, { nullable: true })
  me(@Ctx() ctx: GraphQLContext) {
    return currentUser(ctx.em, ctx.caller);
  }
}
