import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, resolvePublicAddresses } from './target-address.js';

/** A receiver gets this long to answer; the delivery's lease (delivery-worker.ts) is longer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Receivers' answers are read (to free the socket) but never kept beyond this. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export const SIGNATURE_HEADER = 'x-webhook-signature';
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';

/**
 * `sha256=<hex>` of HMAC-SHA256(secret, `<timestamp>.<raw body>`). The timestamp is signed with
 * the body, so a captured request cannot be replayed later with a fresh timestamp.
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface PostOutcome {
  /** The receiver's HTTP status, or null when no answer came (refused, timeout, connection error). */
  statusCode: number | null;
  latencyMs: number;
  /** Why it failed, for the delivery log; null on a 2xx. */
  error: string | null;
}

/**
 * POSTs a signed JSON event. Never throws: every failure comes back as an outcome. Redirects are
 * not followed (a 3xx is a failure), so a receiver cannot bounce the request to a private address.
 */
export async function postWebhook(
  target: { url: string; secret: string },
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; signal?: AbortSignal },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(target.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    // IP literals never reach `lookup`: check them (and names, early) here too.
    await resolvePublicAddresses(url.hostname, options.allowPrivate);
  } catch (error) {
    return { statusCode: null, latencyMs: elapsed(), error: (error as Error).message };
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, latencyMs: elapsed() });
    };
    const request = transport.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        signal: options.signal,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'consulting-site-webhooks/1',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signature(target.secret, timestamp, body),
          ...headers,
        },
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) response.destroy();
        });
        const status = response.statusCode ?? 0;
        const done = () =>
          finish({ statusCode: status, error: status >= 200 && status < 300 ? null : `Receiver answered ${status}` });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => finish({ statusCode: null, error: error.message }));
    request.end(body);
  });
}
