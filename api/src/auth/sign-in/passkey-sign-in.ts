import type { EntityManager } from '@mikro-orm/postgresql';
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { logActivity } from '../../activity/activity.js';
import { Unauthorized } from '../../shared/errors.js';
import { challengeToken, credentialShape, INVALID_PASSKEY_MESSAGE, requireRelyingParty } from '../factors/passkeys.js';
import { Passkey } from '../factors/passkey.entity.js';
import { rememberAddress } from '../known-addresses.js';
import { User } from '../user.entity.js';
import { issueGrant, type SessionGrant } from './session-grant.js';
import { issueStepToken, readStepToken, spendStepToken, type StepToken } from './sign-in-tokens.js';
import type { SignInContext } from './sign-in-flow.js';

// OWNER: helper "passkeys" (contract-26.md). Signing in with a passkey: alone (a discoverable
// credential, user verification required), or as the second step after a password (its token).
// The challenge is a step token (purpose 'passkey': the account of the second step, or nobody
// yet), spent with the sign-in it completes, so an answer signs in once.

export const EXPIRED_SIGN_IN_MESSAGE = 'This sign-in has expired. Sign in again.';

/** The second step's token (purpose 'second-factor'), or 401 when it is not genuine, expired or spent. */
function secondStepOf(ctx: SignInContext, token: string | null | undefined): StepToken | null {
  if (token === null || token === undefined || token === '') return null;
  const step = readStepToken(ctx.config, token, 'second-factor');
  if (!step?.userId) throw new Unauthorized(EXPIRED_SIGN_IN_MESSAGE);
  return step;
}

/** Request options (navigator.credentials.get): any passkey of this site, or the second step's account's. */
export async function passkeySignInOptions(em: EntityManager, input: { token?: string | null }, ctx: SignInContext): Promise<Record<string, unknown>> {
  const party = requireRelyingParty(ctx.config);
  const step = secondStepOf(ctx, input.token);
  const passkeys = step ? await em.find(Passkey, { user: step.userId }, { orderBy: { createdAt: 'asc' } }) : [];
  if (step && passkeys.length === 0) throw new Unauthorized(INVALID_PASSKEY_MESSAGE);
  const { token } = issueStepToken(ctx.config, 'passkey', step?.userId ?? null);
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
  const step = secondStepOf(ctx, input.token);
  const response = credentialShape<AuthenticationResponseJSON>(input.response, ['clientDataJSON', 'authenticatorData', 'signature']);

  const passkey = await em.findOne(Passkey, { credentialId: response.id });
  if (!passkey || (step && passkey.user.id !== step.userId)) throw new Unauthorized(INVALID_PASSKEY_MESSAGE);

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
        return challenge !== null && challenge.userId === (step?.userId ?? null);
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
  if (!verified || !spent) throw new Unauthorized(INVALID_PASSKEY_MESSAGE);
  // The challenge completes one sign-in; so does the second step's token.
  if (!(await spendStepToken(em, spent))) throw new Unauthorized(INVALID_PASSKEY_MESSAGE);
  if (step && !(await spendStepToken(em, step))) throw new Unauthorized(EXPIRED_SIGN_IN_MESSAGE);

  const user = await em.findOne(User, { id: passkey.user.id });
  if (!user) throw new Unauthorized(INVALID_PASSKEY_MESSAGE);
  passkey.counter = newCounter;
  passkey.backedUp = backedUp;
  passkey.lastUsedAt = new Date();
  if (!step) {
    // A passkey alone is the whole sign-in (the password step records its own otherwise).
    await rememberAddress(em, user.id, ctx.ip);
    user.lastSignInAt = new Date();
    logActivity(em, { kind: 'sign-in', actor: user, summary: 'Signed in with a passkey', address: ctx.ip, details: { passkey: passkey.name } });
  }
  await em.flush();
  return issueGrant(em, user, 'passkey');
}
