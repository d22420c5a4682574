import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Passkey } from '../auth/factors/passkey.entity.js';
import type { SessionView } from '../auth/sessions/sessions.service.js';
import type { SignInMethod as Method } from '../auth/sign-in/policy.js';
import type { SignInOutcome } from '../auth/sign-in/sign-in-flow.js';
import { User } from '../auth/user.entity.js';

// The GraphQL types of signing in, second factors and sessions (security.resolver.ts).

export const METHODS = { TOTP: 'totp', RECOVERY_CODE: 'recovery-code', PASSKEY: 'passkey' } as const;
registerEnumType(METHODS, {
  name: 'SignInMethod',
  description: 'A way to complete a sign-in after the password (or, for PASSKEY, instead of it).',
  valuesConfig: {
    TOTP: { description: 'A 6-digit code from an authenticator app.' },
    RECOVERY_CODE: { description: 'One of the single-use recovery codes.' },
    PASSKEY: { description: 'A passkey (WebAuthn) that verifies its user.' },
  },
});

const STATUSES = { SIGNED_IN: 'signed-in', SECOND_FACTOR: 'second-factor', ENROL: 'enrol' } as const;
registerEnumType(STATUSES, {
  name: 'SignInStatus',
  description: 'Where a sign-in stands.',
  valuesConfig: {
    SIGNED_IN: { description: 'Signed in: the session cookie is set.' },
    SECOND_FACTOR: { description: 'The password was right; a second step (code or passkey) completes the sign-in.' },
    ENROL: { description: 'The password was right; the policy requires a second factor, to be set up now.' },
  },
});

@ObjectType({ description: 'Where a sign-in stands: signed in, or the step it needs next.' })
export class SignInResult {
  @Field(() => STATUSES, { description: 'SIGNED_IN (the session cookie is set), SECOND_FACTOR (send a code or a passkey with `token`) or ENROL (set up a factor with `token`).' })
  status!: SignInOutcome['status'];

  @Field(() => User, { nullable: true, description: 'The account, once signed in.' })
  user?: User | null;

  @Field(() => String, { nullable: true, description: 'For the next step: valid a few minutes, once.' })
  token?: string | null;

  @Field(() => [METHODS], { description: 'SECOND_FACTOR: what the account can use; ENROL: what it can set up (TOTP, PASSKEY).' })
  methods!: Method[];

  @Field(() => Date, { nullable: true, description: 'When `token` expires.' })
  expiresAt?: Date | null;
}

@ObjectType({ description: 'An authenticator app being set up: scan the QR code or type the secret, then confirm with a code.' })
export class TotpEnrolment {
  @Field(() => String, { description: 'The secret in base32, to type in.' })
  secret!: string;

  @Field(() => String, { description: 'The otpauth:// URI the QR code holds.' })
  uri!: string;

  @Field(() => String, { description: 'The QR code, an SVG document.' })
  qrSvg!: string;
}

@ObjectType({ description: 'A second factor just set up.' })
export class EnrolmentResult {
  @Field(() => [String], { nullable: true, description: 'New recovery codes, shown this once (only with the first second factor).' })
  recoveryCodes?: string[] | null;

  @Field(() => Passkey, { nullable: true, description: 'The passkey registered (registerPasskey).' })
  passkey?: Passkey | null;

  @Field(() => User, { nullable: true, description: 'When the enrolment completed a sign-in (an enrolment token was given): the account, now signed in.' })
  user?: User | null;
}

@ObjectType({ description: "The signed-in account's second factors." })
export class AccountSecurity {
  @Field(() => Boolean, { description: 'An authenticator app (TOTP) is set up.' })
  totpEnabled!: boolean;

  @Field(() => Date, { nullable: true, description: 'When it was set up.' })
  totpEnabledAt?: Date | null;

  @Field(() => Int, { description: 'Recovery codes not used yet.' })
  recoveryCodesLeft!: number;

  @Field(() => [Passkey], { description: 'Passkeys, oldest first.' })
  passkeys!: Passkey[];

  @Field(() => Boolean, { description: 'Whether passkeys can be used on this site (its address is a domain name, not an IP address).' })
  passkeysAvailable!: boolean;

  @Field(() => Boolean, { description: 'The policy requires a second factor of every account (the last one cannot be removed).' })
  secondFactorRequired!: boolean;
}

@ObjectType({ description: 'The second factors an account has set up.' })
export class AccountFactors {
  @Field(() => ID, { description: 'User.id.' })
  userId!: string;

  @Field(() => [METHODS], { description: 'Empty: password only.' })
  methods!: Method[];
}

@ObjectType('SignedInSession', { description: 'A browser where an account is signed in.' })
export class SignedInSession implements Omit<SessionView, 'secondFactor'> {
  @Field(() => ID, { description: 'Identifies the session here (not its cookie).' })
  id!: string;

  @Field(() => String, { description: 'Browser and version, from the User-Agent.' })
  browser!: string;

  @Field(() => String, { description: 'Operating system, from the User-Agent.' })
  system!: string;

  @Field(() => String, { nullable: true, description: 'The network it signed in from, coarsened (an IPv4 /24 or IPv6 /48).' })
  address!: string | null;

  @Field(() => Date, { description: 'When it signed in.' })
  signedInAt!: Date;

  @Field(() => Date, { description: 'Its last request.' })
  lastSeenAt!: Date;

  @Field(() => Boolean, { description: 'The session making this request.' })
  current!: boolean;

  @Field(() => String, { nullable: true, description: "How its sign-in's second step was completed: totp, recovery-code, passkey, enrolled; null: password only." })
  secondFactor!: string | null;
}
