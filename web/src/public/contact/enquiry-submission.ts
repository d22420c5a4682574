import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { solveChallenge, solveChallengeWorkers } from 'altcha-lib/v1';
import type { Solution } from 'altcha-lib/v1/types';
import AltchaWorker from 'altcha-lib/v1/worker?worker';
import type { GraphQLFormattedError } from 'graphql';
import { createApolloClient } from '../../graphql/apollo';
import { FreshEnquiryChallengeDocument, SubmitEnquiryDocument, type EnquiryInput } from '../../graphql/generated/graphql';

// Sending the contact form from the browser. Loaded only when a visitor first uses the form (the
// page's own JavaScript stays small): it asks a fresh challenge, solves the proof of work while the
// visitor types (altcha-lib's solver, awaiting the browser's SHA-256 between attempts, so the page
// stays responsive), and sends the message through Apollo. The search is split over Web Workers
// (altcha-lib's worker, one per core up to eight): each SHA-256 is awaited, so one thread alone
// would take some 20 s for the hardest challenge.

/** What a submission needs besides the visitor's words: the fresh form token and the solved proof of work. */
export interface EnquiryProof {
  formToken: string;
  /** The ALTCHA payload (base64 JSON), or null when the server asks for no proof of work. */
  altcha: string | null;
  turnstileSiteKey: string | null;
}

/** The challenge as the server sends it (altcha-lib's createChallenge). */
interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

let client: ReturnType<typeof createApolloClient> | null = null;
const apollo = () => (client ??= createApolloClient());

/** Finds the number the challenge hides and makes the payload the server verifies. */
export async function solveAltcha(json: string): Promise<string> {
  const challenge = JSON.parse(json) as AltchaChallenge;
  const started = Date.now();
  const max = challenge.maxnumber ?? 1e6;
  const workers = typeof Worker === 'undefined' ? 0 : Math.min(Math.max(navigator.hardwareConcurrency || 1, 2), 8);
  let solution: Solution | null;
  try {
    if (!workers) throw new Error('no workers');
    solution = await solveChallengeWorkers(() => new AltchaWorker(), workers, challenge.challenge, challenge.salt, challenge.algorithm, max);
  } catch {
    // No workers here (or they may not start): the same search on the page's own thread.
    solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, max).promise;
  }
  if (!solution) throw new Error('The proof of work found no solution');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: Date.now() - started,
  };
  return btoa(JSON.stringify(payload));
}

/** A fresh challenge, solved. Each proof is good for one message. */
export async function prepareEnquiry(): Promise<EnquiryProof> {
  const { data } = await apollo().query({ query: FreshEnquiryChallengeDocument, fetchPolicy: 'no-cache' });
  if (!data) throw new Error('No challenge');
  const { formToken, altcha, turnstileSiteKey } = data.enquiryChallenge;
  return { formToken, altcha: altcha ? await solveAltcha(altcha) : null, turnstileSiteKey: turnstileSiteKey ?? null };
}

/** How a submission ended. */
export type SubmissionResult =
  | { kind: 'sent'; message: string }
  | { kind: 'invalid'; errors: Record<string, string>; message: string | null }
  | { kind: 'refused'; message: string };

const TOO_MANY = 'Too many messages have been sent from here. Please try again in an hour.';
const FAILED = 'Your message could not be sent. Please check your connection and try again.';

function errorsOf(error: unknown): readonly GraphQLFormattedError[] {
  return CombinedGraphQLErrors.is(error) ? error.errors : [];
}

export async function sendEnquiry(input: EnquiryInput): Promise<SubmissionResult> {
  try {
    const { data } = await apollo().mutate({ mutation: SubmitEnquiryDocument, variables: { input } });
    if (!data?.submitEnquiry.ok) return { kind: 'refused', message: data?.submitEnquiry.message || FAILED };
    return { kind: 'sent', message: data.submitEnquiry.message };
  } catch (error) {
    const errors = errorsOf(error);
    if (errors.some((e) => e.extensions?.code === 'TOO_MANY_REQUESTS')) return { kind: 'refused', message: TOO_MANY };
    const invalid = errors.find((e) => e.extensions?.code === 'BAD_USER_INPUT');
    if (invalid) {
      const fields: Record<string, string> = {};
      const list = invalid.extensions?.errors;
      for (const item of Array.isArray(list) ? (list as { field?: unknown; message?: unknown }[]) : []) {
        if (typeof item.field === 'string' && typeof item.message === 'string' && !(item.field in fields)) fields[item.field] = item.message;
      }
      return { kind: 'invalid', errors: fields, message: Object.keys(fields).length ? null : invalid.message };
    }
    return { kind: 'refused', message: FAILED };
  }
}
