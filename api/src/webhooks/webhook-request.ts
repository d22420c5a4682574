import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, resolvePublicAddresses } from './target-address.js';

/**
 * A delivery gets this long in all: name lookup, connecting, sending and the whole answer. A total
 * deadline, not an idle timeout, so a receiver that drips its answer cannot hold a delivery open.
 * The delivery's lease (delivery-worker.ts) is longer.
 */
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
  /** The receiver's HTTP status, or null when no answer began (refused, no answer by the deadline, connection error). */
  statusCode: number | null;
  latencyMs: number;
  /** Why it failed, for the delivery log; null on a 2xx. */
  error: string | null;
}

/**
 * POSTs a signed JSON event. Never throws: every failure comes back as an outcome, at the latest
 * when the deadline (`timeoutMs`, default DELIVERY_TIMEOUT_MS) passes; the request is then
 * aborted. Redirects are not followed (a 3xx is a failure), so a receiver cannot bounce the
 * request to a private address.
 */
export function postWebhook(
  target: { url: string; secret: string },
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; signal?: AbortSignal; timeoutMs?: number },
): Promise<PostOutcome> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise<PostOutcome>((resolve) => {
    let request: http.ClientRequest | undefined;
    /** The receiver's status, once its answer began. */
    let status: number | null = null;
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'latencyMs'>, abort = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      options.signal?.removeEventListener('abort', stopped);
      if (abort) request?.destroy();
      resolve({ ...outcome, latencyMs: Math.round(performance.now() - started) });
    };
    const deadline = setTimeout(() => {
      const seconds = `${timeoutMs / 1000} s`;
      finish({ statusCode: status, error: status === null ? `No answer within ${seconds}` : `No complete answer within ${seconds}` }, true);
    }, timeoutMs);
    const stopped = () => finish({ statusCode: status, error: 'Stopped before an answer came' }, true);
    if (options.signal?.aborted) return stopped();
    options.signal?.addEventListener('abort', stopped, { once: true });

    checkedUrl(target.url, options.allowPrivate).then(
      (url) => {
        if (settled) return;
        const timestamp = Math.floor(Date.now() / 1000);
        request = (url.protocol === 'https:' ? https : http).request(
          url,
          {
            method: 'POST',
            lookup: guardedLookup(options.allowPrivate),
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
            const code = response.statusCode ?? 0;
            status = code;
            const answered = () => ({ statusCode: code, error: code >= 200 && code < 300 ? null : `Receiver answered ${code}` });
            let received = 0;
            response.on('data', (chunk: Buffer) => {
              received += chunk.length;
              if (received > MAX_RESPONSE_BYTES) finish(answered(), true); // enough of it: the status is what counts
            });
            response.on('end', () => finish(answered()));
            response.on('error', () => finish({ statusCode: status, error: 'The answer was cut off' }));
            response.on('close', () => finish(response.complete ? answered() : { statusCode: status, error: 'The answer was cut off' }));
          },
        );
        request.on('error', (error) => finish({ statusCode: status, error: error.message }));
        request.end(body);
      },
      (error: Error) => finish({ statusCode: null, error: error.message }),
    );
  });
}

/** The URL, if it is http(s) and its host is allowed (IP literals never reach `lookup`: checked here too). */
async function checkedUrl(value: string, allowPrivate: boolean): Promise<URL> {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  await resolvePublicAddresses(url.hostname, allowPrivate);
  return url;
}
