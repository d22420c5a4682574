import net from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { logActivity } from '../../activity/activity.js';
import type { Config } from '../../config.js';
import { firmName } from '../../content/firm-name.js';
import { NotFound, Unauthorized, ValidationFailed } from '../../shared/errors.js';
import type { Caller } from '../caller.js';
import { authPolicy } from '../sign-in/policy.js';
import { issueStepToken, readStepToken, spendStepToken, type StepToken } from '../sign-in/sign-in-tokens.js';
import { User } from '../user.entity.js';
import { Passkey } from './passkey.entity.js';
import { createFirstRecoveryCodes } from './recovery-codes.js';

// WebAuthn with @simplewebauthn/server: the relying
// party is PUBLIC_URL (its host is the rpID, its origin the expected origin), the firm's name is
// the rpName. Every challenge is a signed step token (purpose 'passkey'), spent when it is used,
// so nothing is kept between the options and the answer and a challenge serves once.

/** Longest passkey name. */
export const MAX_PASSKEY_NAME_LENGTH = 100;

export const PASSKEYS_UNAVAILABLE_MESSAGE = 'Passkeys need the site on a domain name (PUBLIC_URL), not an IP address';
export const INVALID_PASSKEY_MESSAGE = 'Invalid passkey';
export const LAST_FACTOR_MESSAGE = 'Every account needs a second factor: add another before removing this one';

/** The relying party: PUBLIC_URL's host (the rpID) and origin; null when passkeys cannot work here. */
export function relyingParty(config: Pick<Config, 'publicUrl'>): { rpID: string; origin: string } | null {
  if (!config.publicUrl) return null;
  let url: URL;
  try {
    url = new URL(config.publicUrl);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '' || net.isIP(host) !== 0) return null;
  return { rpID: host, origin: url.origin };
}

/** The relying party, or 400 with the reason passkeys cannot work here. */
export function requireRelyingParty(config: Pick<Config, 'publicUrl'>): { rpID: string; origin: string } {
  const party = relyingParty(config);
  if (!party) throw new ValidationFailed([{ field: 'passkey', message: PASSKEYS_UNAVAILABLE_MESSAGE }], PASSKEYS_UNAVAILABLE_MESSAGE);
  return party;
}

/** Whether passkeys can work here: the relying party id (PUBLIC_URL's host) is a domain, not an IP address. */
export function passkeysAvailable(config: Config): boolean {
  return relyingParty(config) !== null;
}

/** An account's passkeys, oldest first. */
export async function listPasskeys(em: EntityManager, userId: string): Promise<Passkey[]> {
  return em.find(Passkey, { user: userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
}

/** Creation options (the browser's navigator.credentials.create), its challenge a step token for this account. */
export async function passkeyRegistrationOptions(em: EntityManager, user: User, config: Config): Promise<Record<string, unknown>> {
  const party = requireRelyingParty(config);
  const existing = await listPasskeys(em, user.id);
  const { token } = issueStepToken(config, 'passkey', user.id);
  const options = await generateRegistrationOptions({
    rpName: await firmName(em),
    rpID: party.rpID,
    userName: user.username,
    userDisplayName: user.username,
    userID: new TextEncoder().encode(user.id),
    challenge: token,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  return options as unknown as Record<string, unknown>;
}

/** A name as given: trimmed, required, at most MAX_PASSKEY_NAME_LENGTH characters. */
function nameOf(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') throw new ValidationFailed([{ field: 'name', message: 'Enter a name for the passkey' }]);
  if ([...name].length > MAX_PASSKEY_NAME_LENGTH) throw new ValidationFailed([{ field: 'name', message: `The name is too long (${MAX_PASSKEY_NAME_LENGTH} characters at most)` }]);
  if (/\p{Cc}/u.test(name)) throw new ValidationFailed([{ field: 'name', message: 'The name cannot contain control characters' }]);
  return name;
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

async function refuseTakenName(em: EntityManager, userId: string, name: string, exceptId?: string): Promise<void> {
  const others = await em.find(Passkey, { user: userId, ...(exceptId ? { id: { $ne: exceptId } } : {}) });
  if (others.some((other) => sameName(other.name, name))) throw new ValidationFailed([{ field: 'name', message: 'You already have a passkey with this name' }]);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The browser's answer has the shape of a WebAuthn credential ('create' or 'get'); else 400 `Invalid passkey` on `response`. */
export function credentialShape<T>(value: unknown, fields: readonly string[]): T {
  const ok =
    isObject(value) &&
    typeof value.id === 'string' &&
    value.id.length > 0 &&
    value.id.length <= 1024 &&
    value.rawId === value.id &&
    value.type === 'public-key' &&
    isObject(value.response) &&
    fields.every((field) => typeof (value.response as Record<string, unknown>)[field] === 'string');
  if (!ok) throw new ValidationFailed([{ field: 'response', message: INVALID_PASSKEY_MESSAGE }], INVALID_PASSKEY_MESSAGE);
  return value as T;
}

/** The step token a WebAuthn challenge carries (the challenge is the token's UTF-8 bytes, base64url). */
export function challengeToken(config: Config, challenge: string): StepToken | null {
  try {
    return readStepToken(config, Buffer.from(challenge, 'base64url').toString('utf8'), 'passkey');
  } catch {
    return null;
  }
}

/** Registers a passkey; returns new recovery codes when it is the account's first second factor (else null). */
export async function registerPasskey(em: EntityManager, user: User, input: { name: unknown; response: unknown }, config: Config): Promise<{ passkey: Passkey; recoveryCodes: string[] | null }> {
  const party = requireRelyingParty(config);
  const name = nameOf(input.name);
  const response = credentialShape<RegistrationResponseJSON>(input.response, ['clientDataJSON', 'attestationObject']);
  await refuseTakenName(em, user.id, name);

  let challenge: StepToken | null = null;
  let verified: VerifiedRegistrationResponse;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: (given) => {
        challenge = challengeToken(config, given);
        return challenge !== null && challenge.userId === user.id;
      },
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      requireUserPresence: true,
      requireUserVerification: true,
    });
  } catch {
    verified = { verified: false };
  }
  if (!verified.verified || !challenge) throw new ValidationFailed([{ field: 'response', message: INVALID_PASSKEY_MESSAGE }], INVALID_PASSKEY_MESSAGE);
  const info = verified.registrationInfo;
  const token: StepToken = challenge;

  return em.transactional(async (tx) => {
    // One registration at a time per account: the name check, the first-factor check and the
    // recovery codes see every passkey registered before.
    await tx.execute('select id from users where id = ? for update', [user.id]);
    if (!(await spendStepToken(tx, token))) throw new ValidationFailed([{ field: 'response', message: 'This passkey request was already used. Try again.' }], INVALID_PASSKEY_MESSAGE);
    await refuseTakenName(tx, user.id, name);
    if ((await tx.count(Passkey, { credentialId: info.credential.id })) > 0) {
      throw new ValidationFailed([{ field: 'response', message: 'This passkey is already registered' }], INVALID_PASSKEY_MESSAGE);
    }
    const [before] = await tx.execute<Array<{ factors: boolean; codes: boolean }>>(
      `select (u.totp_secret is not null or exists (select 1 from passkeys p where p.user_id = u.id)) as factors,
              exists (select 1 from recovery_codes r where r.user_id = u.id and r.used_at is null) as codes
         from users u where u.id = ?`,
      [user.id],
    );
    const passkey = tx.create(Passkey, {
      user: user.id,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? []).filter((transport) => typeof transport === 'string').slice(0, 10),
      name,
      backedUp: info.credentialBackedUp,
    });
    logActivity(tx, { kind: 'account.passkey', actor: user, summary: `Added a passkey “${name}”`, details: { account: user.username, accountId: user.id, passkey: name } });
    await tx.flush();
    const recoveryCodes = before && !before.factors && !before.codes ? await createFirstRecoveryCodes(tx, user.id) : null;
    return { passkey, recoveryCodes };
  });
}

/** The caller's passkey `id` (NotFound for anyone else's, or an id that is not a UUID). */
async function ownPasskey(em: EntityManager, caller: Caller, id: string): Promise<{ user: User; passkey: Passkey }> {
  if (!caller.userId) throw new Unauthorized();
  const user = await em.findOne(User, { id: caller.userId });
  if (!user) throw new Unauthorized();
  const passkey = typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? await em.findOne(Passkey, { id, user: user.id }) : null;
  if (!passkey) throw new NotFound('Passkey not found');
  return { user, passkey };
}

export async function renamePasskey(em: EntityManager, caller: Caller, id: string, name: unknown): Promise<Passkey> {
  const { user, passkey } = await ownPasskey(em, caller, id);
  const newName = nameOf(name);
  await refuseTakenName(em, user.id, newName, passkey.id);
  const oldName = passkey.name;
  passkey.name = newName;
  logActivity(em, { kind: 'account.passkey', actor: user, summary: `Renamed a passkey “${oldName}” to “${newName}”`, details: { account: user.username, accountId: user.id, passkey: newName } });
  await em.flush();
  return passkey;
}

export async function removePasskey(em: EntityManager, caller: Caller, id: string): Promise<void> {
  const { user, passkey } = await ownPasskey(em, caller, id);
  await em.transactional(async (tx) => {
    // One removal (or TOTP change) at a time per account: two removals of the last two passkeys
    // cannot both see the other one left.
    await tx.execute('select id from users where id = ? for update', [user.id]);
    const [left] = await tx.execute<Array<{ totp: boolean; others: number }>>(
      `select (u.totp_secret is not null) as totp,
              (select count(*)::int from passkeys p where p.user_id = u.id and p.id <> ?) as others
         from users u where u.id = ?`,
      [passkey.id, user.id],
    );
    const lastFactor = !left || (!left.totp && left.others === 0);
    if (lastFactor && (await authPolicy(tx)).requireSecondFactor) throw new ValidationFailed([{ field: 'factor', message: LAST_FACTOR_MESSAGE }], LAST_FACTOR_MESSAGE);
    const removed = await tx.execute<Array<{ id: string }>>('delete from passkeys where id = ? and user_id = ? returning id', [passkey.id, user.id]);
    if (removed.length === 0) throw new NotFound('Passkey not found');
    // The recovery codes stand in for the factors: when the last one goes, they go too.
    if (lastFactor) await tx.execute('delete from recovery_codes where user_id = ?', [user.id]);
    logActivity(tx, { kind: 'account.passkey', actor: user, summary: `Removed a passkey “${passkey.name}”`, details: { account: user.username, accountId: user.id, passkey: passkey.name } });
    await tx.flush();
  });
  em.getUnitOfWork().unsetIdentity(passkey);
}

