import { logFieldsOf } from '../ops/database-health.js';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { DeliveryEventRow } from './webhook.entities.js';
import { DELIVERY_TIMEOUT_MS, postWebhook, type PostOutcome } from './webhook-request.js';

// Sends the outbox (webhook_deliveries). Every instance runs one worker; a delivery is claimed
// with `FOR UPDATE SKIP LOCKED` and leased (next_attempt_at pushed ahead) in one statement, so
// only one worker sends it, and a worker that dies mid-send lets another retry after the lease.
//
// Endpoints progress independently: a worker sends at most one delivery per endpoint at a time
// (each endpoint's oldest due one, so its events go out in order), each with its own deadline,
// and claims the next one for an endpoint as soon as that endpoint's send ends. A slow or dead
// receiver thus holds up only its own deliveries, never another endpoint's.

/** Longer than a delivery's deadline: a live worker always finishes before its lease ends. */
const LEASE_SECONDS = 120;
/** Sends in flight at once per instance (each to another endpoint); the rest wait their turn. */
const MAX_IN_FLIGHT = 32;
/** Retries back off exponentially from the base up to this, ... */
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** ... until the event is a day old; then the delivery is marked failed. */
const RETRY_FOR = '1 day';
/** Delivered and failed deliveries (and their attempts) are kept this long for the log. */
const KEEP_LOG_FOR = '30 days';
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface WebhookWorkerSettings {
  allowPrivateTargets: boolean;
  retryBaseMs: number;
  pollMs: number;
  /** Total time per delivery (connect, send, whole answer); DELIVERY_TIMEOUT_MS unless set (tests). */
  deliveryTimeoutMs?: number;
}

interface ClaimedDelivery extends DeliveryEventRow {
  endpoint_id: number;
  url: string;
  secret: string;
}

/** The JSON body receivers get (`data`: what an event like `enquiry.created` carries besides the envelope). */
export function eventBody(delivery: Pick<ClaimedDelivery, 'event' | 'collection' | 'record_id' | 'action' | 'revision' | 'occurred_at' | 'payload'>): string {
  return JSON.stringify({
    event: delivery.event,
    collection: delivery.collection,
    id: delivery.record_id,
    action: delivery.action,
    revision: Number(delivery.revision),
    time: new Date(delivery.occurred_at).toISOString(),
    ...(delivery.payload ? { data: delivery.payload } : {}),
  });
}

/** Delay before retry number `attempts` (1: the base, then doubling, capped). */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

export class WebhookDeliveryWorker {
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  private wakeRequested = false;
  private readonly aborts = new AbortController();
  /** This instance's sends in flight, by endpoint id: one each at most. */
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly deadlineMs: number;
  private readonly leaseSeconds: number;
  private lastPrune = 0;
  private lastErrorLog = 0;

  constructor(
    private readonly orm: MikroORM,
    private readonly settings: WebhookWorkerSettings,
    private readonly logger: Logger,
  ) {
    this.deadlineMs = settings.deliveryTimeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.leaseSeconds = Math.max(LEASE_SECONDS, 2 * Math.ceil(this.deadlineMs / 1000));
  }

  start(): void {
    if (this.running) return;
    this.running = this.loop();
  }

  /** Stops polling and aborts sends in flight (their leases are released for another instance). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.aborts.abort();
    this.wake?.();
    await this.running;
    await Promise.all(this.inFlight.values());
    this.running = null;
  }

  /** Claims the due deliveries it can send now (one per endpoint), sends them; returns how many it claimed. */
  async deliverDue(): Promise<number> {
    const sends = await this.claimAndSend();
    await Promise.all(sends);
    return sends.length;
  }

  /**
   * Claims the oldest due delivery of each endpoint that has none in flight here (oldest first,
   * up to MAX_IN_FLIGHT in all) and starts sending each; when one ends, the loop is woken to
   * claim that endpoint's next.
   */
  private async claimAndSend(): Promise<Promise<void>[]> {
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    if (room <= 0 || this.stopping) return [];
    const busy = `{${[...this.inFlight.keys()].join(',')}}`;
    const claimed = await this.orm.em.getConnection().execute<ClaimedDelivery[]>(
      `update webhook_deliveries d
          set next_attempt_at = now() + make_interval(secs => ${this.leaseSeconds}), attempts = d.attempts + 1
         from webhook_endpoints e
        where e.id = d.endpoint_id
          and d.id in (select next.id
                         from (select endpoint_id from webhook_deliveries
                                where status = 'pending' and next_attempt_at <= now() and endpoint_id <> all(?::int[])
                                group by endpoint_id
                                order by min(next_attempt_at), endpoint_id
                                limit ?) due
                        cross join lateral (select id from webhook_deliveries
                                             where endpoint_id = due.endpoint_id and status = 'pending' and next_attempt_at <= now()
                                             order by next_attempt_at, id
                                             limit 1
                                             for update skip locked) next)
      returning d.id, d.endpoint_id, d.event_id, d.event, d.collection, d.record_id, d.action, d.revision, d.occurred_at, d.attempts, d.payload, e.url, e.secret`,
      [busy, room],
    );
    return claimed.map((delivery) => {
      const sending = this.send(delivery)
        .catch((error: unknown) => this.databaseUnreachable(error))
        .finally(() => {
          this.inFlight.delete(delivery.endpoint_id);
          this.requestWake();
        });
      this.inFlight.set(delivery.endpoint_id, sending);
      return sending;
    });
  }

  private async send(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await postWebhook(
      delivery,
      eventBody(delivery),
      { 'x-webhook-id': delivery.event_id, 'x-webhook-event': delivery.event },
      { allowPrivate: this.settings.allowPrivateTargets, signal: this.aborts.signal, timeoutMs: this.deadlineMs },
    );
    const connection = this.orm.em.getConnection();
    if (this.aborts.signal.aborted && outcome.error !== null) {
      // Shut down mid-send: not the receiver's fault; let any instance retry now.
      await connection.execute(
        `update webhook_deliveries set next_attempt_at = now(), attempts = attempts - 1 where id = ?`,
        [delivery.id],
      );
      return;
    }
    await this.record(delivery, outcome);
  }

  private async record(delivery: ClaimedDelivery, outcome: PostOutcome): Promise<void> {
    const connection = this.orm.em.getConnection();
    const error = outcome.error?.slice(0, 500) ?? null;
    await connection.execute(
      `insert into webhook_attempts (delivery_id, status_code, latency_ms, error) values (?, ?, ?, ?)`,
      [delivery.id, outcome.statusCode, outcome.latencyMs, error],
    );
    if (outcome.error === null) {
      await connection.execute(
        `update webhook_deliveries set status = 'delivered', delivered_at = now(), last_status_code = ?, last_latency_ms = ?, last_error = null, payload = null where id = ?`,
        [outcome.statusCode, outcome.latencyMs, delivery.id],
      );
      return;
    }
    const delayMs = retryDelayMs(delivery.attempts, this.settings.retryBaseMs);
    await connection.execute(
      `update webhook_deliveries
          set next_attempt_at = now() + make_interval(secs => ?::double precision / 1000),
              status = case when occurred_at + interval '${RETRY_FOR}' < now() + make_interval(secs => ?::double precision / 1000) then 'failed' else 'pending' end,
              payload = case when occurred_at + interval '${RETRY_FOR}' < now() + make_interval(secs => ?::double precision / 1000) then null else payload end,
              last_status_code = ?, last_latency_ms = ?, last_error = ?
        where id = ?`,
      [delayMs, delayMs, delayMs, outcome.statusCode, outcome.latencyMs, error, delivery.id],
    );
    this.logger.info({ deliveryId: delivery.id, url: delivery.url, error, retryInMs: delayMs }, 'webhook delivery failed');
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    await this.orm.em
      .getConnection()
      .execute(`delete from webhook_deliveries where status <> 'pending' and occurred_at < now() - interval '${KEEP_LOG_FOR}'`);
  }

  private async loop(): Promise<void> {
    const pollMs = Math.max(50, this.settings.pollMs);
    while (!this.stopping) {
      try {
        await this.prune();
        await this.claimAndSend();
      } catch (error) {
        this.databaseUnreachable(error);
      }
      if (!this.stopping) await this.pause(pollMs);
    }
  }

  /** Waits `ms`, or less if a send ended meanwhile (its endpoint may have more due). */
  private async pause(ms: number): Promise<void> {
    if (!this.wakeRequested) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    this.wakeRequested = false;
  }

  private requestWake(): void {
    this.wakeRequested = true;
    this.wake?.();
  }

  /** The database may be down for a while: say so at most once a minute. */
  private databaseUnreachable(error: unknown): void {
    if (this.stopping || Date.now() - this.lastErrorLog < 60_000) return;
    this.lastErrorLog = Date.now();
    this.logger.warn(logFieldsOf(error), 'webhook worker could not reach the database; retrying');
  }
}
