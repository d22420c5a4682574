import net from 'node:net';

// A TCP proxy in front of the test PostgreSQL, so a test can take the database away from an
// app (connections cut, new ones refused) and give it back on the same address, without
// stopping the server the other test files share.

export interface TcpProxy {
  /** `url` with its port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Destroys every proxied connection and stops listening: connecting is refused. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  let server = createServer();
  function createServer() {
    return net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      track(client);
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
  }
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    urlFor(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    cut: stop,
    async restore() {
      if (server.listening) return;
      server = createServer();
      await listen(port);
    },
    async close() {
      if (server.listening) await stop();
    },
  };
}
