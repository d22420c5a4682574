import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { currentUser, login } from '../auth/auth.service.js';
import { endSession, startSession } from '../auth/session.js';
import { User } from '../auth/user.entity.js';
import type { GraphQLContext } from './context.js';
import { issueGrant } from '../auth/sign-in/session-grant.js';

// Shares the REST session cookie and the login rate limit: both go through the auth service.
@Resolver()
export class AuthResolver {
  @Mutation(() => User, { description: 'Signs in and sets the session cookie (sid); rate limited per username and IP.' })
  async login(
    @Arg('username', () => String, { description: 'The account name.' }) username: string,
    @Arg('password', () => String, { description: 'The password.' }) password: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    const user = await login(ctx.em, { username, password }, ctx.req.ip ?? 'unknown', ctx.deps.config.loginLimits);
    await startSession(ctx.req, await issueGrant(ctx.em, user, null));
    return user;
  }

  @Mutation(() => Boolean, { description: 'Ends the session; true when done.' })
  async logout(@Ctx() ctx: GraphQLContext) {
    await endSession(ctx.req);
    return true;
  }

  @Query(() => User, { nullable: true, description: 'The signed-in administrator, or null for an anonymous caller.' })
  me(@Ctx() ctx: GraphQLContext) {
    return currentUser(ctx.em, ctx.caller);
  }
}
