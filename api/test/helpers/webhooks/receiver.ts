import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver on loopback for the tests: records every request it gets.

export interface Received {
  at: number;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: any;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status to answer with (changeable during a test). */
  status: number;
  /** Resolves once `count` requests arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const receiver = { url: '', received, status: 204 } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ at: Date.now(), headers: req.headers, raw, body: JSON.parse(raw) });
      res.statusCode = receiver.status;
      res.end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.waitFor = (count, timeoutMs) =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (received.length < count) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(received.slice());
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`expected ${count} webhook requests within ${timeoutMs} ms, got ${received.length}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}

export interface StallingReceiver {
  url: string;
  /** When each request arrived. */
  arrivals: number[];
  /** The most requests it held open at once. */
  maxOpen: number;
  close(): Promise<void>;
}

/**
 * A receiver that never finishes an answer: with `dripMs`, it answers 200 and then sends one byte
 * every `dripMs` forever (never idle, never done); without, it reads the request and stays silent.
 */
export async function startStallingReceiver(options: { dripMs?: number } = {}): Promise<StallingReceiver> {
  const timers = new Set<NodeJS.Timeout>();
  let open = 0;
  const receiver = { url: '', arrivals: [], maxOpen: 0 } as unknown as StallingReceiver;
  const server = http.createServer((req, res) => {
    receiver.arrivals.push(Date.now());
    receiver.maxOpen = Math.max(receiver.maxOpen, ++open);
    res.on('close', () => open--);
    req.resume();
    if (options.dripMs === undefined) return;
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.flushHeaders();
    const timer = setInterval(() => res.write('.'), options.dripMs);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
  server.requestTimeout = 0; // hold requests as long as the client waits
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = async () => {
    for (const timer of timers) clearInterval(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receiver;
}
