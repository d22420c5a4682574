import net, { type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

// A real SMTP server on loopback for the tests (the `smtp-server` package): records every message
// it accepts, with its SMTP envelope, raw text and parsed form; can answer 451 (try later) to
// messages, and be stopped and started again on the same port (an outage).

export interface ReceivedMail {
  at: number;
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  /** Messages refused so far with `failWith`. */
  refusals: number;
  /** Refuse each message after reading it with this SMTP reply code (451: try again later); null: accept. */
  failWith: number | null;
  /** Resolves once `count` messages were accepted, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<ReceivedMail[]>;
  /** Stops listening (an outage): connections are refused until `start()`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const waiters = new Set<() => void>();
  const sink = { port: 0, received: [], refusals: 0, failWith: null } as unknown as SmtpSink;
  const options: SMTPServerOptions = {
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (sink.failWith !== null) {
          sink.refusals++;
          const error = Object.assign(new Error('Try again later'), { responseCode: sink.failWith });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        simpleParser(raw).then((parsed) => {
          sink.received.push({ at: Date.now(), envelope, raw, parsed });
          callback();
          for (const wake of waiters) wake();
        }, callback);
      });
    },
  };
  let server = new SMTPServer(options);
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(sink.port, '127.0.0.1', () => {
        sink.port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  sink.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  sink.start = async () => {
    server = new SMTPServer(options);
    await listen();
  };
  sink.waitFor = (count, timeoutMs) =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (sink.received.length < count) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(sink.received.slice());
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`expected ${count} mails within ${timeoutMs} ms, got ${sink.received.length}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return sink;
}

/** A server that accepts connections and never says a word (no greeting): sends must give up at their deadline. */
export async function startSilentServer(): Promise<{ port: number; connections: number[]; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const silent = { port: 0, connections: [] as number[], close: async () => {} };
  const server = net.createServer((socket) => {
    silent.connections.push(Date.now());
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  silent.port = (server.address() as AddressInfo).port;
  silent.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return silent;
}
