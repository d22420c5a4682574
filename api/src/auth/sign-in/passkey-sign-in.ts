import type { EntityManager } from '@mikro-orm/postgresql';
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { logActivity } from '../../activity/activity.js';
import { Unauthorized } from '../../shared/errors.js';
import { recordSignIn } from '../auth.service.js';
import { challengeToken, credentialShape, INVALID_PASSKEY_MESSAGE, requireRelyingParty } from '../factors/passkeys.js';
import { Passkey } from '../factors/passkey.entity.js';
import { User } from '../user.entity.js';
import { issueGrant, type SessionGrant } from './session-grant.js';
import { issueStepToken, spendStepToken, type StepToken } from './sign-in-tokens.js';
import { completeStep, openStep, type SignInContext } from './sign-in-flow.js';

// Signing in with a passkey: alone (a discoverable
// credential, user verification required), or as the second step after a password (its token).
// The challenge is a step token (purpose 'passkey': the account of the second step, or nobody
// yet), spent with the sign-in it completes, so an answer signs in once.

/** The second step's token (purpose 'second-factor') and its account; null for a passkey alone; 401 when it is not genuine, expired or spent. */
async function secondStepOf(em: EntityManager, ctx: SignInContext, token: string | null | undefined): Promise<{ step: StepToken; user: User } | null> {
  if (token === null || token === undefined || token === '') return null;
  return openStep(em, ctx, token, 'second-factor');
}

/** Request options (navigator.credentials.get): any passkey of this site, or the second step's account's. */
export async function passkeySignInOptions(em: EntityManager, input: { token?: string | null }, ctx: SignInContext): Promise<Record<string, unknown>> {
  const party = requireRelyingParty(ctx.config);
  const second = await secondStepOf(em, ctx, input.token);
  const passkeys = second ? await em.find(Passkey, { user: second.user.id }, { orderBy: { createdAt: 'asc' } }) : [];
  if (second && passkeys.length === 0) throw new Unauthorized(INVALID_PASSKEY_MESSAGE);
  const { token } = issueStepToken(ctx.config, 'passkey', second?.user.id ?? null);
  const options = await generateAuthenticationOptions({
    rpID: party.rpID,
    challenge: token,
    userVerification: 'required',
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports ?? undefined })),
  });
  return options as unknown as Record<string, unknown>;
}

/**
 * Signs in with a passkey's answer: alone (the passkey names the account), or as the second step
 * of `token`'s account (the passkey must be that account's). 401 `Invalid passkey` for anything
 * that does not verify (unknown credential, wrong challenge, user not verified, bad signature).
 */
export async function signInWithPasskey(em: EntityManager, input: { token?: string | null; response: unknown }, ctx: SignInContext): Promise<SessionGrant> {
  const party = requireRelyingParty(ctx.config);
  const second = await secondStepOf(em, ctx, input.token);
  const response = credentialShape<AuthenticationResponseJSON>(input.response, ['clientDataJSON', 'authenticatorData', 'signature']);

  const passkey = await em.findOne(Passkey, { credentialId: response.id });
  if (!passkey || (second && passkey.user.id !== second.user.id)) throw new Unauthorized(INVALID_PASSKEY_MESSAGE);
  // The user handle, when the authenticator names one, is the account's id it was registered for.
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== null && handle !== Buffer.from(passkey.user.id).toString('base64url')) throw new Unauthorized(INVALID_PASSKEY_MESSAGE);

  let challenge: StepToken | null = null;
  let verified: boolean;
  let newCounter = 0;
  let backedUp = passkey.backedUp;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (given) => {
        challenge = challengeToken(ctx.config, given);
        // A challenge for the second step serves that account only; one for a passkey alone, nobody named.
        return challenge !== null && challenge.userId === (second?.user.id ?? null);
      },
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: Number(passkey.counter), transports: (passkey.transports ?? undefined) as never },
      requireUserVerification: true,
    });
    verified = result.verified && result.authenticationInfo.userVerified;
    newCounter = result.authenticationInfo.newCounter;
    backedUp = result.authenticationInfo.credentialBackedUp;
  } catch {
    verified = false;
  }
  const spent: StepToken | null = challenge;
  if (!verified || !spent) {
    if (second) {
      // After a right password, a failed second step is worth a line in the activity log (as a wrong code is).
      const { username } = second.user;
      logActivity(em, { kind: 'sign-in-failed', actor: null, username, summary: `Failed second step as “${username}”`, address: ctx.ip, details: { accountExists: true, secondStep: 'passkey' } });
      await em.flush();
    }
    throw new Unauthorized(INVALID_PASSKEY_MESSAGE);
  }
  // The challenge serves once; the second step's token completes one sign-in (completeStep spends it).
  if (!(await spendStepToken(em, spent))) throw new Unauthorized(INVALID_PASSKEY_MESSAGE);

  passkey.counter = newCounter;
  passkey.backedUp = backedUp;
  passkey.lastUsedAt = new Date();
  await em.flush();
  if (second) return completeStep(em, ctx, second.step, second.user, 'passkey');
  const user = await em.findOne(User, { id: passkey.user.id });
  if (!user) throw new Unauthorized(INVALID_PASSKEY_MESSAGE);
  const grant = await issueGrant(em, user, 'passkey');
  await recordSignIn(em, user, ctx.ip, 'passkey');
  return grant;
}
