import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { currentUser } from '../auth/auth.service.js';
import { endSession, startSession } from '../auth/session.js';
import { User } from '../auth/user.entity.js';
import type { GraphQLContext } from './context.js';
import { grantOrSecondStep, signInWithPassword } from '../auth/sign-in/sign-in-flow.js';

// Shares the REST session cookie and the login rate limit: both go through the auth service.
@Resolver()
export class AuthResolver {
  @Mutation(() => User, {
    description:
      'Signs in and sets the session cookie (sid); rate limited per username and IP. When the account needs a second step, the error SECOND_STEP_REQUIRED carries it in extensions.secondStep {token, methods, expiresAt} (finish with signInWithCode or signInWithPasskey); when the policy requires a second factor the account lacks, ENROLMENT_REQUIRED carries extensions.enrolment (set one up with its token). signIn answers the same as data.',
  })
  async login(
    @Arg('username', () => String, { description: 'The account name.' }) username: string,
    @Arg('password', () => String, { description: 'The password.' }) password: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    const grant = grantOrSecondStep(await signInWithPassword(ctx.em, { username, password }, { ip: ctx.req.ip ?? 'unknown', config: ctx.deps.config }));
    await startSession(ctx.req, grant);
    return grant.user;
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
