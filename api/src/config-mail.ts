import { boolean, integer, nonEmpty, type Env } from './config-values.js';

// The mail settings (SMTP_*, MAIL_FROM, ENQUIRY_MAIL_TO) for config.ts, which reads the environment and hands it here.

export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS from the first byte (port 465); false: plain, upgraded with STARTTLS when offered. */
  secure: boolean;
  /** Refuse to send unless the connection is upgraded with STARTTLS (with `secure` false). */
  requireTls: boolean;
  /** Both or neither; null: no authentication. */
  auth: { user: string; password: string } | null;
  /** The From of the mail sent (an address, or `Name <address>`). */
  from: string;
  /** Who gets each enquiry (ENQUIRY_MAIL_TO). */
  enquiryTo: string[];
}

/** A plain mail address (no display name), as mail headers and SMTP envelopes take it. */
const MAIL_ADDRESS = /^[^\s@<>(),;:"\\[\]]+@[^\s@<>(),;:"\\[\]]+\.[^\s@<>(),;:"\\[\]]+$/;

/** The SMTP settings; null without SMTP_HOST. ENQUIRY_MAIL_TO is required with it (else nobody would get the mail). */
export function smtp(env: Env): SmtpConfig | null {
  const host = nonEmpty(env.SMTP_HOST);
  if (host === undefined) return null;
  const enquiryTo = (nonEmpty(env.ENQUIRY_MAIL_TO) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (enquiryTo.length === 0) throw new Error('SMTP_HOST needs ENQUIRY_MAIL_TO: the address(es) enquiries are mailed to, comma-separated');
  const wrong = enquiryTo.find((address) => !MAIL_ADDRESS.test(address));
  if (wrong !== undefined) throw new Error(`ENQUIRY_MAIL_TO must be mail addresses separated by commas, got "${wrong}"`);
  const from = nonEmpty(env.MAIL_FROM) ?? enquiryTo[0];
  const fromAddress = /^[^<>\r\n]*<([^<>\r\n]+)>$/.exec(from)?.[1] ?? from;
  if (/[\r\n]/.test(from) || !MAIL_ADDRESS.test(fromAddress)) {
    throw new Error(`MAIL_FROM must be a mail address or "Name <address>", got "${env.MAIL_FROM}"`);
  }
  const user = nonEmpty(env.SMTP_USER);
  const password = env.SMTP_PASSWORD?.length ? env.SMTP_PASSWORD : undefined;
  if (Boolean(user) !== Boolean(password)) throw new Error('Set both SMTP_USER and SMTP_PASSWORD, or neither');
  const secure = boolean(env, 'SMTP_SECURE', false);
  const port = integer(env, 'SMTP_PORT', secure ? 465 : 587);
  if (port < 1 || port > 65535) throw new Error(`SMTP_PORT must be a port number (1..65535), got "${env.SMTP_PORT}"`);
  return {
    host,
    port,
    secure,
    requireTls: boolean(env, 'SMTP_REQUIRE_TLS', false),
    auth: user && password ? { user, password } : null,
    from,
    enquiryTo,
  };
}
