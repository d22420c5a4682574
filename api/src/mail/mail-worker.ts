import type { MikroORM } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { SmtpConfig } from '../config.js';
import { logFieldsOf } from '../ops/database-health.js';
import { plainAddress, singleLine } from './mail-message.js';

// Sends the mail outbox (mail_outbox) over SMTP. Every instance runs one worker (with SMTP set
// up); a message is claimed with `FOR UPDATE SKIP LOCKED` and leased (next_attempt_at pushed
// ahead, attempts counted) in one statement, so only one worker sends it, and a worker that dies
// mid-send lets another retry once the lease ends. A message the server does not take (refused,
// unreachable, 4xx/5xx, no answer by the deadline) is retried with exponential backoff until it
// is a day old, then marked dead.

/** Sends in flight at once per instance. */
const MAX_IN_FLIGHT = 4;
/** A send gets this long in all (connect, greeting, TLS, login, data) unless set (tests). */
export const SEND_TIMEOUT_MS = 60_000;
/** Longer than a send's deadline: a live worker always finishes before its lease ends. */
const LEASE_SECONDS = 180;
/** Retries back off exponentially from the base up to this, ... */
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** ... until the message is a day old; then it is marked dead. */
const RETRY_FOR = '1 day';
/** Sent messages are kept this long (for a look at what went out), dead ones longer (to be noticed). */
const KEEP_SENT_FOR = '7 days';
const KEEP_DEAD_FOR = '30 days';
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface MailWorkerSettings {
  smtp: SmtpConfig;
  retryBaseMs: number;
  pollMs: number;
  /** Total time per send; SEND_TIMEOUT_MS unless set (tests). */
  sendTimeoutMs?: number;
}

interface ClaimedMail {
  id: string;
  to: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
}

/** Delay before retry number `attempts` (1: the base, then doubling, capped). */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** The nodemailer transport of the SMTP settings: one connection per message, every phase bounded by the deadline. */
export function smtpTransport(smtp: SmtpConfig, timeoutMs: number): Transporter {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: smtp.requireTls,
    auth: smtp.auth ? { user: smtp.auth.user, pass: smtp.auth.password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}

export class MailWorker {
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  private readonly aborts = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly deadlineMs: number;
  private readonly leaseSeconds: number;
  private readonly transport: Transporter;
  private lastPrune = 0;
  private lastErrorLog = 0;

  constructor(
    private readonly orm: MikroORM,
    private readonly settings: MailWorkerSettings,
    private readonly logger: Logger,
  ) {
    this.deadlineMs = settings.sendTimeoutMs ?? SEND_TIMEOUT_MS;
    this.leaseSeconds = Math.max(LEASE_SECONDS, 2 * Math.ceil(this.deadlineMs / 1000));
    this.transport = smtpTransport(settings.smtp, this.deadlineMs);
  }

  start(): void {
    if (this.running) return;
    this.running = this.loop();
  }

  /** Stops polling and aborts sends in flight (their leases are released, so any instance retries them at once). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.aborts.abort();
    this.wake?.();
    await this.running;
    await Promise.all(this.inFlight);
    this.running = null;
    this.transport.close();
  }

  /** Claims the due messages it has room for and sends them; returns how many it claimed. */
  async sendDue(): Promise<number> {
    const sends = await this.claimAndSend();
    await Promise.all(sends);
    return sends.length;
  }

  private async claimAndSend(): Promise<Promise<void>[]> {
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    if (room <= 0 || this.stopping) return [];
    const claimed = await this.orm.em.getConnection().execute<ClaimedMail[]>(
      `update mail_outbox m
          set next_attempt_at = now() + make_interval(secs => ${this.leaseSeconds}), attempts = m.attempts + 1
        where m.id in (select id from mail_outbox
                        where status = 'pending' and next_attempt_at <= now()
                        order by next_attempt_at, id
                        limit ?
                        for update skip locked)
      returning m.id, m."to", m.reply_to, m.subject, m.text_body, m.html_body, m.attempts`,
      [room],
    );
    return claimed.map((mail) => {
      const sending: Promise<void> = this.send(mail)
        .catch((error: unknown) => this.databaseUnreachable(error))
        .finally(() => {
          this.inFlight.delete(sending);
          this.wake?.();
        });
      this.inFlight.add(sending);
      return sending;
    });
  }

  private async send(mail: ClaimedMail): Promise<void> {
    const connection = this.orm.em.getConnection();
    const recipients = mail.to.split(',').map((address) => address.trim()).filter(Boolean);
    const replyTo = mail.reply_to === null ? null : plainAddress(mail.reply_to);
    let error: string;
    const deadline = AbortSignal.timeout(this.deadlineMs);
    try {
      const info = await this.transport.sendMail({
        from: this.settings.smtp.from,
        to: recipients,
        // The envelope is ours alone: whatever the headers hold, the message goes to these recipients only.
        envelope: { from: envelopeSender(this.settings.smtp.from), to: recipients },
        ...(replyTo ? { replyTo } : {}),
        subject: singleLine(mail.subject),
        text: mail.text_body,
        ...(mail.html_body ? { html: mail.html_body } : {}),
        signal: AbortSignal.any([this.aborts.signal, deadline]),
      });
      const refused = (info.rejected ?? []).map(String);
      await connection.execute(`update mail_outbox set status = 'sent', sent_at = now(), last_error = ? where id = ?`, [
        refused.length > 0 ? `The server refused ${refused.join(', ')}` : null,
        mail.id,
      ]);
      if (refused.length > 0) this.logger.warn({ mailId: mail.id, refused }, 'mail sent; the server refused some recipients');
      return;
    } catch (sendError) {
      error = deadline.aborted ? `No answer within ${this.deadlineMs / 1000} s` : describe(sendError);
    }
    if (this.aborts.signal.aborted) {
      // Shut down mid-send: not the server's fault; let any instance retry now.
      await connection.execute(`update mail_outbox set next_attempt_at = now(), attempts = attempts - 1 where id = ? and status = 'pending'`, [mail.id]);
      return;
    }
    const delayMs = retryDelayMs(mail.attempts, this.settings.retryBaseMs);
    await connection.execute(
      `update mail_outbox
          set next_attempt_at = now() + make_interval(secs => ?::double precision / 1000),
              status = case when created_at + interval '${RETRY_FOR}' < now() + make_interval(secs => ?::double precision / 1000) then 'dead' else 'pending' end,
              last_error = ?
        where id = ?`,
      [delayMs, delayMs, error.slice(0, 500), mail.id],
    );
    this.logger.info({ mailId: mail.id, attempts: mail.attempts, error, retryInMs: delayMs }, 'mail not sent');
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.orm.em
      .getConnection()
      .execute(
        `delete from mail_outbox where (status = 'sent' and created_at < now() - interval '${KEEP_SENT_FOR}') or (status = 'dead' and created_at < now() - interval '${KEEP_DEAD_FOR}')`,
      );
  }

  private async loop(): Promise<void> {
    const pollMs = Math.max(50, this.settings.pollMs);
    while (!this.stopping) {
      let claimed = 0;
      try {
        await this.prune();
        claimed = (await this.claimAndSend()).length;
      } catch (error) {
        this.databaseUnreachable(error);
      }
      // More may be due right away when it claimed as many as it had room for; else wait (or until a send ends).
      if (!this.stopping && (claimed === 0 || this.inFlight.size >= MAX_IN_FLIGHT)) await this.pause(pollMs);
    }
  }

  private async pause(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = null;
  }

  /** The database may be down for a while: say so at most once a minute. */
  private databaseUnreachable(error: unknown): void {
    if (this.stopping || Date.now() - this.lastErrorLog < 60_000) return;
    this.lastErrorLog = Date.now();
    this.logger.warn(logFieldsOf(error), 'mail worker could not reach the database; retrying');
  }
}

/** The address of MAIL_FROM (`Name <address>` or a plain address). */
function envelopeSender(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
}

/** Why a send failed, for the outbox row and the log (the SMTP answer when there was one). */
function describe(error: unknown): string {
  if (error instanceof Error) {
    const response = (error as { response?: string }).response;
    return response ? `${error.message} (${singleLine(response)})` : error.message;
  }
  return String(error);
}
