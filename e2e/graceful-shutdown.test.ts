import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startOwnServer, type OwnServer } from './harness/own-server.js';

// SIGTERM under keep-alive load: several clients hammer the server over kept-alive sockets.
// After the signal each gets at most its in-flight answer, marked `Connection: close`; no
// response is cut off mid-body; the process exits as soon as the last request has ended,
// without needing the grace period to close anything. Clients that pause between requests (their
// socket idle when the signal comes) have their next request answered, with `Connection: close`,
// instead of finding the socket reset or the server gone.

const CLIENTS = 8;
const SHUTDOWN_GRACE_MS = 10_000;

interface ClientRecord {
  /** Responses whose headers arrived after SIGTERM was sent, with when (ms since the epoch). */
  afterSignal: { connection: string | undefined; complete: boolean; at: number }[];
  /** Responses that started and then broke off. */
  cutOff: number;
  /** Requests that failed before any response (refused, or sent on a socket being closed). */
  notAnswered: string[];
  total: number;
}

describe('SIGTERM under keep-alive load', () => {
  let server: OwnServer;
  beforeAll(async () => {
    server = await startOwnServer('shutdown');
  }, 180_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it('answers in-flight requests with Connection: close, serves nothing more, exits promptly', async () => {
    const { port } = new URL(server.baseUrl);
    // Set when SIGTERM is sent; read by the clients' loops.
    let signalledAt: number | undefined = undefined;
    const paths = ['/api/countries', '/api/landing-content', '/healthz', '/api/news'];

    const hammer = async (index: number): Promise<ClientRecord> => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const record: ClientRecord = { afterSignal: [], cutOff: 0, notAnswered: [], total: 0 };
      for (let i = 0; ; i++) {
        const outcome = await new Promise<'ok' | 'close' | 'failed'>((resolve) => {
          const req = http.get({ host: '127.0.0.1', port, path: paths[(index + i) % paths.length], agent }, (res) => {
            const late = signalledAt !== undefined;
            const entry = { connection: res.headers.connection, complete: false, at: Date.now() };
            if (late) record.afterSignal.push(entry);
            res.resume();
            res.on('end', () => {
              entry.complete = true;
              record.total += 1;
              resolve(res.headers.connection === 'close' && late ? 'close' : 'ok');
            });
            res.on('aborted', () => {
              record.cutOff += 1;
              resolve('failed');
            });
          });
          req.on('error', (error: NodeJS.ErrnoException) => {
            if (!req.res) record.notAnswered.push(error.code ?? error.message);
            resolve('failed');
          });
        });
        // Told to close, or no server any more: this client is done.
        if (outcome !== 'ok' || (signalledAt !== undefined && Date.now() - signalledAt > SHUTDOWN_GRACE_MS + 2000)) {
          agent.destroy();
          return record;
        }
      }
    };

    const clients = Array.from({ length: CLIENTS }, (_, index) => hammer(index));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const exitedAfterMs = Date.now() - signalledAt;
    const records = await Promise.all(clients);

    expect(code).toBe(0);
    // The server takes the signal a moment after it is sent; until then it serves as usual. What
    // it answers once it has taken it (its 'shutting down' line, logged in the tick that starts
    // the drain) is what the drain decides.
    const log = server.logLines();
    const drainStartedAt = Number(log.find((line) => String(line.msg).startsWith('shutting down'))?.time);
    expect(Number.isFinite(drainStartedAt)).toBe(true);
    // Every client was busy before the signal.
    for (const record of records) expect(record.total).toBeGreaterThan(0);
    for (const record of records) {
      // No response broke off mid-body.
      expect(record.cutOff).toBe(0);
      // At most the answer in flight when the signal arrived (plus one racing it), then no more.
      // Both clocks count whole milliseconds: answers received in the drain's own millisecond may
      // have left before it (on loopback a round trip takes well under one), so they are not counted.
      expect(record.afterSignal.filter((response) => response.at > drainStartedAt).length).toBeLessThanOrEqual(2);
      expect(record.afterSignal.every((response) => response.complete)).toBe(true);
      // A client that was answered after the signal was last told to close the connection...
      if (record.afterSignal.length > 0 && record.notAnswered.length === 0) {
        expect(record.afterSignal.at(-1)!.connection).toBe('close');
      }
      // ...or its next request found the server gone: refused, or its idle socket closed.
      for (const failure of record.notAnswered) expect(failure).toMatch(/ECONNREFUSED|ECONNRESET|socket hang up/);
    }
    // Exited because the last request ended, not because the grace period ran out.
    expect(log.filter((line) => line.msg === 'grace period over: closed the remaining connections')).toEqual([]);
    expect(log.some((line) => line.msg === 'stopped')).toBe(true);
    expect(exitedAfterMs).toBeLessThan(SHUTDOWN_GRACE_MS);
  }, 90_000);
});

describe('SIGTERM while keep-alive clients pause between requests', () => {
  let server: OwnServer;
  beforeAll(async () => {
    server = await startOwnServer('shutdown-idle');
  }, 180_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it('answers the next request on an idle keep-alive socket with Connection: close, then exits', async () => {
    const { port } = new URL(server.baseUrl);
    // A request every 100 ms on one kept-alive socket: idle most of the time, so idle when the
    // signal arrives, and its next request follows well within the drain window (1.5 s).
    const pausing = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const answers: { connection: string | undefined; status: number }[] = [];
      const sockets = new Set<unknown>();
      try {
        for (;;) {
          // (Errors are told apart by a field: Node's errors are not instances of the test's Error.)
          const answer = await new Promise<{ connection: string | undefined; status: number } | { failure: string }>((resolve) => {
            const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
              sockets.add(req.socket);
              res.resume();
              res.on('end', () => resolve({ connection: res.headers.connection, status: res.statusCode! }));
              res.on('aborted', () => resolve({ failure: 'cut off mid-body' }));
            });
            req.on('error', (error: NodeJS.ErrnoException) => resolve({ failure: error.code ?? error.message }));
          });
          if ('failure' in answer) return { answers, sockets: sockets.size, failure: answer.failure };
          answers.push(answer);
          if (answer.connection === 'close') return { answers, sockets: sockets.size, failure: undefined };
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        agent.destroy();
      }
    };

    const clients = Array.from({ length: 4 }, pausing);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const results = await Promise.all(clients);

    expect(code).toBe(0);
    for (const result of results) {
      // No request was refused or reset: the last one, sent after the signal, was answered...
      expect(result.failure).toBeUndefined();
      expect(result.answers.at(-1)).toEqual({ status: 200, connection: 'close' });
      // ...on the socket kept alive since the first request.
      expect(result.sockets).toBe(1);
    }
    const log = server.logLines();
    expect(log.filter((line) => line.msg === 'grace period over: closed the remaining connections')).toEqual([]);
    expect(log.some((line) => line.msg === 'stopped')).toBe(true);
  }, 90_000);
});
