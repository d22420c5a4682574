import type { IncomingMessage } from 'node:http';

// Reading a request's body on the path before Express (site/public-reads.ts), bounded by its
// Content-Length, with plain stream events: what the GraphQL read path hands over to the app.

/** The body as text, or null when it is longer than announced. */
export async function readBody(req: IncomingMessage, length: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > length) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The whole body of a request (announced `length` bytes) when all of it is in the stream's buffer,
 * still unread, read at once; null when it is not all there yet. The buffered bytes are the
 * body's: the HTTP parser gives a request no more than its Content-Length (the message may not be
 * marked complete yet at this point, though all of its body is there).
 */
export function bufferedBody(req: IncomingMessage, length: number): Buffer | null {
  // read() with no size takes everything buffered (a paused stream: nothing else reads it).
  return req.readableLength === length ? (req.read() as Buffer) : null;
}

/**
 * Calls `done(null)` once the request stream has ended (at once if it has), or `done(error)` if it
 * breaks off first (the error collectBody would report).
 */
export function whenEnded(req: IncomingMessage, done: (error: unknown) => void): void {
  if (req.readableEnded) return done(null);
  let finished = false;
  const finish = (error: unknown) => {
    if (finished) return;
    finished = true;
    req.off('end', onEnd).off('error', onError).off('close', onClose);
    done(error);
  };
  const onEnd = () => finish(null);
  const onError = (error: unknown) => finish(error);
  const onClose = () => finish(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  req.on('end', onEnd).on('error', onError).on('close', onClose);
  // Flowing (its whole body was read already: no data is left to emit), so 'end' comes with the
  // end of the message, as it does for a body collected by its data events.
  req.resume();
}

/**
 * readBody with plain stream events and a callback, for the path before Express (no promise, no
 * async iterator per request): `done(null, bytes)`, `done(null, null)` when longer than announced,
 * or `done(error)` when the body broke off (the client went away: the error readBody would throw).
 */
export function collectBody(req: IncomingMessage, length: number, done: (error: unknown, body: Buffer | null) => void): void {
  let first: Buffer | null = null;
  let more: Buffer[] | null = null;
  let received = 0;
  let finished = false;
  const finish = (error: unknown, body: Buffer | null) => {
    if (finished) return;
    finished = true;
    req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    done(error, body);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > length) return finish(null, null);
    if (first === null) first = chunk;
    else (more ??= [first]).push(chunk);
  };
  const onEnd = () => finish(null, more ? Buffer.concat(more) : (first ?? Buffer.alloc(0)));
  const onError = (error: unknown) => finish(error, null);
  const onClose = () => finish(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), null);
  req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
}
