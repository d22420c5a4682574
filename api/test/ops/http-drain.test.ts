import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { drainable } from '../../src/ops/http-drain.js';

// Shutdown with keep-alive clients: idle sockets close at once or, with a window, stay open for
// it so that a request already on its way is answered (with `Connection: close`) instead of reset;
// in-flight requests finish and are answered with `Connection: close`, a response already
// streaming completes and its socket is then closed, and the drain ends with the last request,
// not with the grace period.

interface Got {
  status: number;
  connection: string | undefined;
  body: string;
  socket: Socket;
}

async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  const drain = drainable(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  const get = (path: string) =>
    new Promise<Got>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body, socket: req.socket! }));
        res.on('aborted', () => reject(new Error(`response to ${path} aborted mid-body`)));
      });
      req.on('error', reject);
    });
  return { server, drain, agent, get, port };
}

const closed = (socket: Socket) =>
  socket.destroyed ? Promise.resolve() : new Promise<void>((resolve) => socket.once('close', () => resolve()));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('drainable HTTP server', () => {
  it('closes idle keep-alive sockets at once and answers in-flight requests with Connection: close', async () => {
    const { drain, agent, get } = await serve((req, res) => {
      if (req.url === '/slow') setTimeout(() => res.end('slow done'), 300);
      else res.end('fast');
    });
    const idle = await get('/fast');
    expect(idle.connection).toBe('keep-alive');
    const inFlight = get('/slow');
    await sleep(50);

    const drained = drain.drain(10_000);
    await closed(idle.socket);
    const slow = await inFlight;
    expect(slow).toMatchObject({ status: 200, connection: 'close', body: 'slow done' });
    // Ended by the last request: nothing was left for the grace period to close.
    expect(await drained).toEqual({ forced: 0 });
    agent.destroy();
  });

  it('lets a response that was already streaming finish, then closes its socket', async () => {
    const { drain, agent, get } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first half, ');
      setTimeout(() => res.end('second half'), 300);
    });
    const streaming = get('/stream');
    await sleep(100);
    const drained = drain.drain(10_000);
    const got = await streaming;
    // Its headers went out before the drain: keep-alive was promised, so the socket is ended after.
    expect(got.body).toBe('first half, second half');
    await closed(got.socket);
    expect(await drained).toEqual({ forced: 0 });
    agent.destroy();
  });

  it('a keep-alive client sending request after request is told to close instead of being served on', async () => {
    let drainStarted = false;
    let arrivedAfterDrain = 0;
    const { drain, agent, get } = await serve((_req, res) => {
      if (drainStarted) arrivedAfterDrain += 1;
      // The body says whether the answer was written after the drain began (server-side truth).
      setTimeout(() => res.end(drainStarted ? 'after' : 'before'), 20);
    });
    const replies: Got[] = [];
    const client = (async () => {
      for (;;) {
        const reply = await get('/').catch(() => undefined);
        // Refused or closed while idle: the client would retry elsewhere.
        if (!reply) return;
        replies.push(reply);
        if (reply.connection === 'close') return;
      }
    })();
    await sleep(200);
    drainStarted = true;
    const drained = drain.drain(10_000);
    await client;
    expect(await drained).toEqual({ forced: 0 });
    // No new request was served on the kept-alive socket...
    expect(arrivedAfterDrain).toBe(0);
    // ...and the one in flight, answered after the drain began, said to close.
    const answeredDuringDrain = replies.filter((reply) => reply.body === 'after');
    expect(answeredDuringDrain.length).toBeLessThanOrEqual(1);
    for (const reply of answeredDuringDrain) expect(reply.connection).toBe('close');
    agent.destroy();
  });

  it('answers a request sent on an idle keep-alive socket just after the drain began, with Connection: close, then closes the socket', async () => {
    const { drain, agent, get, port } = await serve((req, res) => res.end(`answer to ${req.url}`));
    const idle = await get('/before');
    expect(idle.connection).toBe('keep-alive');

    const drained = drain.drain(10_000, { idleWindowMs: 5000 });
    // A request already on its way on the idle socket: a full answer, not a reset.
    const late = await get('/late');
    expect(late).toMatchObject({ status: 200, connection: 'close', body: 'answer to /late' });
    expect(late.socket).toBe(idle.socket);
    // New connections are refused as before.
    const fresh = await new Promise<Error>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/', agent: false }, () => resolve(new Error('answered'))).on('error', resolve);
    });
    expect(fresh).toMatchObject({ code: 'ECONNREFUSED' });
    // The socket is closed after its answer, and with it gone the drain is over.
    await closed(late.socket);
    expect(await drained).toEqual({ forced: 0 });
    agent.destroy();
  });

  it('closes idle keep-alive sockets once the window is over', async () => {
    const { drain, agent, get } = await serve((_req, res) => res.end('ok'));
    const sockets = new Set((await Promise.all([get('/'), get('/')])).map((got) => got.socket));
    const drained = drain.drain(10_000, { idleWindowMs: 200 });
    // Nothing arrives on them: the window ends, they are closed, and nothing was forced.
    await Promise.all([...sockets].map(closed));
    expect(await drained).toEqual({ forced: 0 });
    agent.destroy();
  });

  it('never keeps idle sockets open past the grace period, whatever the window', async () => {
    const { drain, agent, get } = await serve((_req, res) => res.end('ok'));
    const idle = await get('/');
    const drained = drain.drain(200, { idleWindowMs: 60_000 });
    const deadline = new Promise<'still draining'>((resolve) => setTimeout(() => resolve('still draining'), 5000).unref());
    expect(await Promise.race([drained.then(() => 'stopped'), deadline])).toBe('stopped');
    await closed(idle.socket);
    agent.destroy();
  });

  it('closes what is left when the grace period ends', async () => {
    const { drain, agent, get } = await serve(() => {
      // Never answers.
    });
    const hanging = get('/').catch((error: Error) => error);
    await sleep(50);
    expect(await drain.drain(200)).toEqual({ forced: 1 });
    expect(String(await hanging)).toMatch(/socket hang up|ECONNRESET/);
    agent.destroy();
  });
});
