import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A pass-through on loopback between Varnish and the origin that notes every request the origin
// is asked (method, path, status and how the origin answered it: its X-Render-Cache, `miss` being
// a render), so a test or the bench counts what reaches the origin through the edge. When the
// origin does not answer, the connection is dropped, as the origin's own would be.

export interface OriginRequest {
  method: string;
  path: string;
  status: number;
  /** The origin's X-Render-Cache: hit, miss (rendered now), stale, bypass; null when it sent none. */
  render: string | null;
}

export interface CountingProxy {
  port: number;
  /** Every request answered since the start or the last `reset()`, health probes (/readyz) left out. */
  requests(): OriginRequest[];
  reset(): void;
  close(): Promise<void>;
}

const PROBE_PATH = '/readyz';

export async function startCountingProxy(originPort: number): Promise<CountingProxy> {
  let seen: OriginRequest[] = [];
  const server: Server = createServer((req, res) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: originPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (req.url !== PROBE_PATH) {
          const render = answer.headers['x-render-cache'];
          seen.push({ method: req.method ?? 'GET', path: req.url ?? '', status: answer.statusCode ?? 0, render: typeof render === 'string' ? render : null });
        }
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => [...seen],
    reset: () => {
      seen = [];
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
