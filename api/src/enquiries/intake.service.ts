import { checkInput, ENQUIRY_DEFAULT_PRIVACY_TEXT, ENQUIRY_RECEIVED_MESSAGE, enquiryForm, isEmpty } from '@consulting/model';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { enqueueEnquiryNotifications } from '../mail/enquiry-notifications.js';
import { PayloadTooLarge, ServiceUnavailable, ValidationFailed } from '../shared/errors.js';
import { reserveEnquiry, type EnquiryBucket } from './intake-limits.js';
import { clientHashOf, formTokenIssuedAt, issueFormToken, newAltchaChallenge, verifyAltcha, verifyTurnstile, type SolvedChallenge } from './intake-proofs.js';

// The public enquiry form's one operation (REST POST /api/enquiries and /api/enquiries/form,
// GraphQL submitEnquiry): the form's rules (model/enquiry-form.ts) and every spam rule, then the
// enquiry stored with its notifications queued, in one transaction. In order, cheapest first:
//   size (413), honeypot (the success answer, nothing stored), the fields, the links, the form
//   token's age, the captcha (ALTCHA proof of work, or Turnstile; a post without JavaScript may
//   go without one while the hourly no-script budget lasts), then the hourly limits reserved
//   (per client address and for everyone, 429), and only then the enquiry stored, its proof of
//   work spent in the same transaction (one solution stores one enquiry).

export interface EnquiryChallenge {
  /** The signed time the form was handed out (minimum-time rule). */
  formToken: string;
  /** The ALTCHA challenge (JSON) when the captcha is ALTCHA; null otherwise. */
  altcha: string | null;
  /** The Turnstile widget's site key when the captcha is Turnstile; null otherwise. */
  turnstileSiteKey: string | null;
}

export interface EnquiryReceipt {
  ok: true;
  message: string;
}

export interface IntakeContext {
  /** The client address (Express's req.ip under TRUST_PROXY); only its keyed hash is kept. */
  ip: string;
  config: Config;
  /** A plain form post (no JavaScript): may go without a captcha from the no-script budget. */
  noScript?: boolean;
  /** The size of the submission as sent, when the surface knows it (else measured as JSON). */
  bytes?: number;
}

/** What the form needs before a visitor sends it: a fresh form token and the captcha's challenge. */
export async function enquiryChallenge(config: Config): Promise<EnquiryChallenge> {
  return {
    formToken: issueFormToken(config),
    altcha: config.enquiry.captcha === 'altcha' ? await newAltchaChallenge(config) : null,
    turnstileSiteKey: config.enquiry.captcha === 'turnstile' ? (config.enquiry.turnstile?.siteKey ?? null) : null,
  };
}

/** What counts as a link: a web address's scheme, or a `www.` name. */
const LINK = /\bhttps?:\/\/|\bwww\./gi;
const linksIn = (text: unknown) => (typeof text === 'string' ? (text.match(LINK)?.length ?? 0) : 0);

const CAPTCHA_MISSING = 'Please complete the anti-spam check before sending (it needs JavaScript).';
const CAPTCHA_FAILED = 'The anti-spam check did not pass. Please send the form again.';
const CAPTCHA_USED = 'This anti-spam check was used already. Please send the form again.';
const FORM_TOKEN_INVALID = 'This form has expired or was changed. Please reload the page and send it again.';

const sizeOf = (raw: unknown) => Buffer.byteLength(JSON.stringify(raw) ?? '', 'utf8');

export async function submitEnquiry(em: EntityManager, raw: unknown, ctx: IntakeContext): Promise<EnquiryReceipt> {
  const settings = ctx.config.enquiry;
  const input: Record<string, unknown> = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if ((ctx.bytes ?? sizeOf(input)) > settings.maxBytes) {
    throw new PayloadTooLarge(`The message is too long to send: at most ${Math.floor(settings.maxBytes / 1024)} KB in all.`);
  }
  // A field people never see (hidden from them): whatever fills it is a robot, told it succeeded.
  if (!isEmpty(input.website)) return { ok: true, message: ENQUIRY_RECEIVED_MESSAGE };

  const { values, errors } = checkInput(enquiryForm.fields, input, 'create');
  const links = linksIn(input.name) + linksIn(input.organisation) + linksIn(input.message);
  if (links > settings.maxLinks && !errors.some((e) => e.field === 'message')) {
    errors.push({ field: 'message', message: settings.maxLinks === 0 ? 'Message may not contain links' : `Message may contain at most ${settings.maxLinks} link${settings.maxLinks === 1 ? '' : 's'}` });
  }
  const issuedAt = formTokenIssuedAt(ctx.config, input.formToken);
  if (issuedAt === null) errors.push({ field: 'formToken', message: FORM_TOKEN_INVALID });
  else if (Date.now() - issuedAt < settings.minSeconds * 1000) {
    errors.push({ field: 'formToken', message: 'That was quicker than anyone can fill in the form. Please wait a few seconds and send it again.' });
  }
  if (errors.length > 0) throw new ValidationFailed(errors);

  const { solved, noScript } = await passCaptcha(input, ctx);
  const clientHash = clientHashOf(ctx.config, ctx.ip);
  const buckets: EnquiryBucket[] = [
    { key: `enquiry-ip:${clientHash}`, limit: settings.maxPerHourPerClient, refusal: 'Too many messages have been sent from here.' },
    { key: 'enquiry-global', limit: settings.maxPerHour, refusal: 'Too many messages have been sent to us in the last hour.' },
  ];
  if (noScript) buckets.push({ key: 'enquiry-no-script', limit: settings.maxNoScriptPerHour, refusal: 'Too many messages have been sent without JavaScript in the last hour. Please turn JavaScript on, or write to us directly.' });
  // An obvious replay is refused before it takes a slot; the spend below is what guarantees it.
  if (solved && (await isSpent(em, solved))) throw new ValidationFailed([{ field: 'altcha', message: CAPTCHA_USED }]);
  await reserveEnquiry(em, buckets);

  const consentText = await privacyText(em);
  await em.transactional(async (tx) => {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    if (solved) {
      const spent: unknown[] = await connection.execute(
        `insert into enquiry_spent_challenges (signature, expires_at) values (?, ?) on conflict do nothing returning signature`,
        [solved.signature, solved.expiresAt],
        'all',
        context,
      );
      if (spent.length === 0) throw new ValidationFailed([{ field: 'altcha', message: CAPTCHA_USED }]);
    }
    const enquiry = {
      name: values.name as string,
      email: values.email as string,
      organisation: (values.organisation as string | null) ?? null,
      service: values.service as string,
      message: values.message as string,
    };
    const [row] = await connection.execute<Array<{ id: number; created_at: Date }>>(
      `insert into enquiries (name, email, organisation, service, message, consent_text, client_hash)
       values (?, ?, ?, ?, ?, ?, ?) returning id, created_at`,
      [enquiry.name, enquiry.email, enquiry.organisation, enquiry.service, enquiry.message, consentText, clientHash],
      'all',
      context,
    );
    await enqueueEnquiryNotifications(tx, { id: row!.id, createdAt: new Date(row!.created_at), ...enquiry });
  });
  return { ok: true, message: ENQUIRY_RECEIVED_MESSAGE };
}

/**
 * The captcha the settings ask for: the verified ALTCHA solution (to spend), or a Turnstile
 * token Cloudflare accepted; or, for a plain form post without one, a draw on the no-script budget.
 */
async function passCaptcha(input: Record<string, unknown>, ctx: IntakeContext): Promise<{ solved: SolvedChallenge | null; noScript: boolean }> {
  const { captcha, turnstile, maxNoScriptPerHour } = ctx.config.enquiry;
  if (captcha === 'off') return { solved: null, noScript: false };
  const field = captcha === 'altcha' ? 'altcha' : 'turnstileToken';
  const given = input[field];
  if (isEmpty(given)) {
    if (ctx.noScript && maxNoScriptPerHour > 0) return { solved: null, noScript: true };
    throw new ValidationFailed([{ field, message: CAPTCHA_MISSING }]);
  }
  if (captcha === 'altcha') {
    const solved = await verifyAltcha(ctx.config, given);
    if (!solved) throw new ValidationFailed([{ field, message: CAPTCHA_FAILED }]);
    return { solved, noScript: false };
  }
  const accepted = await verifyTurnstile(turnstile!, given, ctx.ip);
  if (accepted === null) throw new ServiceUnavailable('The anti-spam check could not be reached. Please try again in a minute.');
  if (!accepted) throw new ValidationFailed([{ field, message: CAPTCHA_FAILED }]);
  return { solved: null, noScript: false };
}

async function isSpent(em: EntityManager, solved: SolvedChallenge): Promise<boolean> {
  const rows: unknown[] = await em.getConnection().execute(`select 1 from enquiry_spent_challenges where signature = ?`, [solved.signature]);
  return rows.length > 0;
}

/** The words beside the consent box now (the site settings'), stored with the enquiry as what was agreed to. */
async function privacyText(em: EntityManager): Promise<string> {
  const rows: Array<{ text: string | null }> = await em.getConnection().execute(`select enquiry_privacy_text as text from site_settings order by id limit 1`);
  const text = rows[0]?.text?.trim();
  return text ? text : ENQUIRY_DEFAULT_PRIVACY_TEXT;
}

