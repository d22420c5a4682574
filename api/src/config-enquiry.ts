import { httpUrl, integer, nonEmpty, positive, type Env } from './config-values.js';

// The contact form's settings (ENQUIRY_*, TURNSTILE_*) for config.ts, which reads the environment
// and hands it here: the limits and spam protection of enquiries/intake.service.ts.

export interface EnquiryConfig {
  /** Enquiries reserved per client address (its keyed hash) per hour; then 429. */
  maxPerHourPerClient: number;
  /** Enquiries reserved from everyone per hour; then 429. */
  maxPerHour: number;
  /** Of those, form posts without JavaScript (no captcha) per hour; 0: the captcha is always required. */
  maxNoScriptPerHour: number;
  /** Fewest seconds between the form's token being issued and the submission. */
  minSeconds: number;
  /** Most web links (http://, https://, www.) a message may hold. */
  maxLinks: number;
  /** Largest request body of a submission (413 beyond). */
  maxBytes: number;
  /** The challenge a submission must pass: ALTCHA proof of work, Cloudflare Turnstile, or none. */
  captcha: 'altcha' | 'turnstile' | 'off';
  /** The ALTCHA challenge's largest number: the work a browser does (about half of it on average). */
  altchaMaxNumber: number;
  /** With captcha `turnstile`: the site key the widget shows, the secret the server verifies with. */
  turnstile: { siteKey: string; secret: string; verifyUrl: string } | null;
  /** Enquiries older than this many days are removed by the daily retention job (1..3650). */
  retentionDays: number;
}

/** The ENQUIRY_* and TURNSTILE_* settings; turnstile needs its site key and secret. */
export function enquirySettings(env: Env): EnquiryConfig {
  const captcha = nonEmpty(env.ENQUIRY_CAPTCHA)?.toLowerCase() ?? 'altcha';
  if (captcha !== 'altcha' && captcha !== 'turnstile' && captcha !== 'off') {
    throw new Error(`ENQUIRY_CAPTCHA must be altcha, turnstile or off, got "${env.ENQUIRY_CAPTCHA}"`);
  }
  const siteKey = nonEmpty(env.TURNSTILE_SITE_KEY);
  const secret = nonEmpty(env.TURNSTILE_SECRET);
  if (captcha === 'turnstile' && (!siteKey || !secret)) throw new Error('ENQUIRY_CAPTCHA=turnstile needs TURNSTILE_SITE_KEY and TURNSTILE_SECRET');
  const verifyUrl = httpUrl(env, 'TURNSTILE_VERIFY_URL') ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
  const retentionDays = positive(env, 'ENQUIRY_RETENTION_DAYS', 365);
  if (retentionDays > 3650) throw new Error(`ENQUIRY_RETENTION_DAYS must be at most 3650 (ten years), got "${env.ENQUIRY_RETENTION_DAYS}"`);
  const maxBytes = positive(env, 'ENQUIRY_MAX_BYTES', 16 * 1024);
  if (maxBytes < 1024) throw new Error(`ENQUIRY_MAX_BYTES must be at least 1024 (a full message needs room), got "${env.ENQUIRY_MAX_BYTES}"`);
  return {
    maxPerHourPerClient: positive(env, 'ENQUIRY_MAX_PER_HOUR_PER_CLIENT', 5),
    maxPerHour: positive(env, 'ENQUIRY_MAX_PER_HOUR', 100),
    maxNoScriptPerHour: integer(env, 'ENQUIRY_MAX_NO_SCRIPT_PER_HOUR', 10),
    minSeconds: integer(env, 'ENQUIRY_MIN_SECONDS', 3),
    maxLinks: integer(env, 'ENQUIRY_MAX_LINKS', 2),
    maxBytes,
    captcha,
    altchaMaxNumber: positive(env, 'ENQUIRY_ALTCHA_MAX_NUMBER', 100_000),
    turnstile: captcha === 'turnstile' && siteKey && secret ? { siteKey, secret, verifyUrl } : null,
    retentionDays,
  };
}
