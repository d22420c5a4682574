import { graphQLErrors } from '../errors';

// What the API says when a password is right but not enough: the login's GraphQL error carries the
// next step (extensions.code SECOND_STEP_REQUIRED with extensions.secondStep, or ENROLMENT_REQUIRED
// with extensions.enrolment: {token, methods, expiresAt}).

export type SignInMethod = 'totp' | 'recovery-code' | 'passkey';

export interface PendingStep {
  /** Signed by the server, valid a few minutes, once. */
  token: string;
  methods: SignInMethod[];
  expiresAt: string | null;
}

export type NextStep = ({ kind: 'second-step' } & PendingStep) | ({ kind: 'enrol' } & PendingStep);

/** 'totp', 'TOTP', 'recovery-code', 'RECOVERY_CODE', ...: the REST and GraphQL spellings. */
export function methodsOf(value: unknown): SignInMethod[] {
  if (!Array.isArray(value)) return [];
  const known: SignInMethod[] = ['totp', 'recovery-code', 'passkey'];
  const found = value
    .filter((m): m is string => typeof m === 'string')
    .map((m) => m.toLowerCase().replace(/_/g, '-'))
    .filter((m): m is SignInMethod => (known as string[]).includes(m));
  return [...new Set(found)];
}

/** A pending step as the server (or the history's state) gives it, or null when it is not one. */
export function pendingStepOf(value: unknown): PendingStep | null {
  if (!value || typeof value !== 'object') return null;
  const { token, methods, expiresAt } = value as Record<string, unknown>;
  if (typeof token !== 'string' || !token) return null;
  return { token, methods: methodsOf(methods), expiresAt: typeof expiresAt === 'string' ? expiresAt : null };
}

/** The step a refused login asks for next, or null when the refusal is a plain one. */
export function nextStepOf(error: unknown): NextStep | null {
  for (const e of graphQLErrors(error)) {
    const extensions = e.extensions ?? {};
    if (extensions.code === 'SECOND_STEP_REQUIRED') {
      const step = pendingStepOf(extensions.secondStep);
      if (step) return { kind: 'second-step', ...step };
    }
    if (extensions.code === 'ENROLMENT_REQUIRED') {
      const step = pendingStepOf(extensions.enrolment);
      if (step) return { kind: 'enrol', ...step };
    }
  }
  return null;
}

/** The step's time is up (the server would refuse its token). */
export function hasExpired(step: PendingStep, now = Date.now()): boolean {
  if (!step.expiresAt) return false;
  const at = Date.parse(step.expiresAt);
  return Number.isFinite(at) && at <= now;
}

/** The server's words for a step token that is no longer good (contract of issue 26). */
export const EXPIRED_SIGN_IN = 'This sign-in has expired. Sign in again.';
