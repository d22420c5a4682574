import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { listAdmins } from '../auth/accounts.service.js';
import { currentUser } from '../auth/auth.service.js';
import { Passkey } from '../auth/factors/passkey.entity.js';
import { AccountFactors, AccountSecurity, EnrolmentResult, SignedInSession, SignInResult, TotpEnrolment } from './security.types.js';
import { listPasskeys, passkeyRegistrationOptions, passkeysAvailable, registerPasskey, removePasskey, renamePasskey } from '../auth/factors/passkeys.js';
import { regenerateRecoveryCodes } from '../auth/factors/recovery-codes.js';
import { beginTotpEnrolment, confirmTotpEnrolment, removeTotp } from '../auth/factors/totp.js';
import { endOtherSessions, endSessionById, endSessionsOfAccount, listSessions } from '../auth/sessions/sessions.service.js';
import { startSession } from '../auth/session.js';
import { AuthPolicy } from '../auth/sign-in/auth-policy.entity.js';
import { completeEnrolmentSignIn, enrollingAccount } from '../auth/sign-in/enrolment.js';
import { authPolicy, secondFactorsOf, setSecondFactorRequired } from '../auth/sign-in/policy.js';
import { passkeySignInOptions, signInWithPasskey } from '../auth/sign-in/passkey-sign-in.js';
import { signInWithCode, signInWithPassword, type SignInContext } from '../auth/sign-in/sign-in-flow.js';
import { User } from '../auth/user.entity.js';
import { Unauthorized } from '../shared/errors.js';
import type { GraphQLContext } from './context.js';

// Second factors, passkeys and sessions over GraphQL: thin adapters over auth/sign-in, auth/factors
// and auth/sessions. Every mutation that signs someone in starts the session from a grant the
// sign-in policy issued (auth/sign-in/session-grant.ts), nothing else.

const contextOf = (ctx: GraphQLContext): SignInContext => ({ ip: ctx.req.ip ?? 'unknown', config: ctx.deps.config });
const sessionIdOf = (ctx: GraphQLContext) => ctx.req.sessionID ?? null;

@Resolver()
export class SecurityResolver {
  // Signing in.

  @Mutation(() => SignInResult, { description: 'Signs in with a password: SIGNED_IN, or the second step (SECOND_FACTOR) or enrolment (ENROL) it needs. Rate limited like login.' })
  async signIn(
    @Arg('username', () => String, { description: 'The account name.' }) username: string,
    @Arg('password', () => String, { description: 'The password.' }) password: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SignInResult> {
    const outcome = await signInWithPassword(ctx.em, { username, password }, contextOf(ctx));
    if (outcome.status !== 'signed-in') return { status: outcome.status, token: outcome.token, methods: outcome.methods, expiresAt: outcome.expiresAt };
    await startSession(ctx.req, outcome.grant);
    return { status: 'signed-in', user: outcome.grant.user, methods: [] };
  }

  @Mutation(() => SignInResult, { description: 'Completes the second step with a code from the authenticator app or a recovery code. Rate limited per account.' })
  async signInWithCode(
    @Arg('token', () => String, { description: 'From signIn (SECOND_FACTOR).' }) token: string,
    @Arg('code', () => String, { description: 'Six digits from the app, or a recovery code.' }) code: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SignInResult> {
    const grant = await signInWithCode(ctx.em, { token, code }, contextOf(ctx));
    await startSession(ctx.req, grant);
    return { status: 'signed-in', user: grant.user, methods: [] };
  }

  @Mutation(() => String, { description: 'WebAuthn request options (JSON) for signing in with a passkey: alone, or as the second step (with its token).' })
  async passkeySignInOptions(@Arg('token', () => String, { nullable: true, description: 'From signIn (SECOND_FACTOR), when the passkey is the second step.' }) token: string | null, @Ctx() ctx: GraphQLContext) {
    return JSON.stringify(await passkeySignInOptions(ctx.em, { token }, contextOf(ctx)));
  }

  @Mutation(() => SignInResult, { description: "Signs in with a passkey's answer (JSON from the browser): alone, or as the second step (with its token)." })
  async signInWithPasskey(
    @Arg('response', () => String, { description: 'The authentication response, JSON.' }) response: string,
    @Arg('token', () => String, { nullable: true, description: 'From signIn (SECOND_FACTOR), when the passkey is the second step.' }) token: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SignInResult> {
    const grant = await signInWithPasskey(ctx.em, { token, response: parseJson(response) }, contextOf(ctx));
    await startSession(ctx.req, grant);
    return { status: 'signed-in', user: grant.user, methods: [] };
  }

  // Setting up factors: the signed-in caller, or an enrolment token (the policy's ENROL).

  @Mutation(() => TotpEnrolment, { description: 'Starts setting up an authenticator app (signed in, or with an enrolment token).' })
  async beginTotpEnrolment(@Arg('token', () => String, { nullable: true, description: 'From signIn (ENROL).' }) token: string | null, @Ctx() ctx: GraphQLContext) {
    const enrolling = await enrollingAccount(ctx.em, ctx.caller, token, contextOf(ctx));
    return beginTotpEnrolment(ctx.em, enrolling.user, ctx.deps.config);
  }

  @Mutation(() => EnrolmentResult, { description: 'Confirms the authenticator app with a first code. With an enrolment token, this completes the sign-in.' })
  async confirmTotpEnrolment(
    @Arg('code', () => String, { description: 'Six digits from the app.' }) code: string,
    @Arg('token', () => String, { nullable: true, description: 'From signIn (ENROL).' }) token: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EnrolmentResult> {
    const enrolling = await enrollingAccount(ctx.em, ctx.caller, token, contextOf(ctx));
    const { recoveryCodes } = await confirmTotpEnrolment(ctx.em, enrolling.user, code);
    return { recoveryCodes, user: await this.completeEnrolment(ctx, enrolling) };
  }

  @Mutation(() => String, { description: 'WebAuthn creation options (JSON) for registering a passkey (signed in, or with an enrolment token).' })
  async passkeyRegistrationOptions(@Arg('token', () => String, { nullable: true, description: 'From signIn (ENROL).' }) token: string | null, @Ctx() ctx: GraphQLContext) {
    const enrolling = await enrollingAccount(ctx.em, ctx.caller, token, contextOf(ctx));
    return JSON.stringify(await passkeyRegistrationOptions(ctx.em, enrolling.user, ctx.deps.config));
  }

  @Mutation(() => EnrolmentResult, { description: 'Registers a passkey from the browser\'s answer (JSON). With an enrolment token, this completes the sign-in.' })
  async registerPasskey(
    @Arg('name', () => String, { description: 'A name to tell it apart ("Work laptop").' }) name: string,
    @Arg('response', () => String, { description: 'The registration response, JSON.' }) response: string,
    @Arg('token', () => String, { nullable: true, description: 'From signIn (ENROL).' }) token: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EnrolmentResult> {
    const enrolling = await enrollingAccount(ctx.em, ctx.caller, token, contextOf(ctx));
    const { passkey, recoveryCodes } = await registerPasskey(ctx.em, enrolling.user, { name, response: parseJson(response) }, ctx.deps.config);
    return { passkey, recoveryCodes, user: await this.completeEnrolment(ctx, enrolling) };
  }

  private async completeEnrolment(ctx: GraphQLContext, enrolling: Awaited<ReturnType<typeof enrollingAccount>>): Promise<User | null> {
    if (!enrolling.token) {
      // A signed-in account that set up a factor has completed a second step in this session: it
      // may switch the policy on (setSecondFactorRequired). Saved with the session as it answers.
      if (ctx.req.session && !ctx.req.session.secondFactor) ctx.req.session.secondFactor = 'enrolled';
      return null;
    }
    const grant = await completeEnrolmentSignIn(ctx.em, enrolling, contextOf(ctx));
    await startSession(ctx.req, grant);
    return grant.user;
  }

  // The signed-in account's factors.

  @Authorized()
  @Query(() => AccountSecurity, { description: "The signed-in account's second factors." })
  async mySecurity(@Ctx() ctx: GraphQLContext): Promise<AccountSecurity> {
    const user = await currentUser(ctx.em, ctx.caller);
    if (!user) throw new Unauthorized();
    const [factors, passkeys, policy, [codes]] = await Promise.all([
      secondFactorsOf(ctx.em, user.id),
      listPasskeys(ctx.em, user.id),
      authPolicy(ctx.em),
      ctx.em.getConnection().execute<Array<{ left: number }>>('select count(*)::int as left from recovery_codes where user_id = ? and used_at is null', [user.id]),
    ]);
    return {
      totpEnabled: factors.includes('totp'),
      totpEnabledAt: user.totpEnabledAt ?? null,
      recoveryCodesLeft: codes?.left ?? 0,
      passkeys,
      passkeysAvailable: passkeysAvailable(ctx.deps.config),
      secondFactorRequired: policy.requireSecondFactor,
    };
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Removes the signed-in account's authenticator app; true when done." })
  async removeTotp(@Ctx() ctx: GraphQLContext) {
    await removeTotp(ctx.em, ctx.caller);
    return true;
  }

  @Authorized()
  @Mutation(() => [String], { description: 'Replaces the recovery codes with ten new ones, shown this once (the old ones stop working).' })
  regenerateRecoveryCodes(@Ctx() ctx: GraphQLContext) {
    return regenerateRecoveryCodes(ctx.em, ctx.caller);
  }

  @Authorized()
  @Mutation(() => Passkey, { description: 'Renames one of your passkeys.' })
  renamePasskey(@Arg('id', () => ID, { description: 'The passkey.' }) id: string, @Arg('name', () => String, { description: 'Its new name.' }) name: string, @Ctx() ctx: GraphQLContext) {
    return renamePasskey(ctx.em, ctx.caller, id, name);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Removes one of your passkeys; true when done.' })
  async removePasskey(@Arg('id', () => ID, { description: 'The passkey.' }) id: string, @Ctx() ctx: GraphQLContext) {
    await removePasskey(ctx.em, ctx.caller, id);
    return true;
  }

  @Authorized('accounts')
  @Query(() => [AccountFactors], { description: 'The second factors of every account (admins only).' })
  async accountFactors(@Ctx() ctx: GraphQLContext): Promise<AccountFactors[]> {
    const users = await listAdmins(ctx.em, ctx.caller);
    return Promise.all(users.map(async (user) => ({ userId: user.id, methods: await secondFactorsOf(ctx.em, user.id) })));
  }

  // Sessions.

  @Authorized()
  @Query(() => [SignedInSession], { description: 'Where you are signed in: your sessions, the most recently used first.' })
  mySessions(@Ctx() ctx: GraphQLContext) {
    return listSessions(ctx.em, ctx.caller, { currentSessionId: sessionIdOf(ctx) });
  }

  @Authorized('accounts')
  @Query(() => [SignedInSession], { description: "An account's sessions (admins only)." })
  sessionsOf(@Arg('userId', () => ID, { description: 'The account.' }) userId: string, @Ctx() ctx: GraphQLContext) {
    return listSessions(ctx.em, ctx.caller, { userId, currentSessionId: sessionIdOf(ctx) });
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Ends a session: one of yours, or (admins) anyone\'s; true when done.' })
  async endSession(@Arg('id', () => ID, { description: 'SignedInSession.id.' }) id: string, @Ctx() ctx: GraphQLContext) {
    await endSessionById(ctx.em, ctx.caller, { id, currentSessionId: sessionIdOf(ctx) });
    return true;
  }

  @Authorized()
  @Mutation(() => Int, { description: 'Signs you out everywhere else; how many sessions ended.' })
  endOtherSessions(@Ctx() ctx: GraphQLContext) {
    return endOtherSessions(ctx.em, ctx.caller, sessionIdOf(ctx));
  }

  @Authorized('accounts')
  @Mutation(() => Int, { description: "Ends every session of an account (admins only); how many ended." })
  endSessionsOf(@Arg('userId', () => ID, { description: 'The account.' }) userId: string, @Ctx() ctx: GraphQLContext) {
    return endSessionsOfAccount(ctx.em, ctx.caller, { userId, currentSessionId: sessionIdOf(ctx) });
  }

  // The policy.

  @Authorized()
  @Query(() => AuthPolicy, { description: 'How staff sign in.' })
  authPolicy(@Ctx() ctx: GraphQLContext) {
    return authPolicy(ctx.em);
  }

  @Authorized('accounts')
  @Mutation(() => AuthPolicy, { description: 'Requires a second factor of every account, or stops requiring it (admins only). Switching it on ends the sessions signed in with a password alone.' })
  setSecondFactorRequired(@Arg('required', () => Boolean, { description: 'On or off.' }) required: boolean, @Ctx() ctx: GraphQLContext) {
    return setSecondFactorRequired(ctx.em, ctx.caller, required, { keepSessionId: sessionIdOf(ctx) });
  }
}

/** A JSON argument: anything unreadable becomes null (the service answers it with a field error). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
