import { request as httpRequest } from 'node:http';
import { ADMIN } from './server.js';

// HTTP for `npm run bench:scale` (scale.ts): timed requests, and the admin signed in.

export interface Timed {
  ms: number;
  status: number;
  bytes: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One request over a fresh loopback connection, timed from sending to the last byte (no compression asked: bytes are uncompressed). */
export function timed(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Timed> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = httpRequest(
      {
        host: hostname,
        port,
        path: pathname + search,
        method: options.method ?? 'GET',
        agent: false,
        headers: { ...options.headers, ...(options.body !== undefined && { 'content-length': String(Buffer.byteLength(options.body)) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ ms: performance.now() - started, status: res.statusCode!, bytes: body.length, body: body.toString('utf8'), headers: res.headers });
        });
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The p-th percentile by rank (nearest rank). */
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)];

export class Admin {
  constructor(
    private readonly baseUrl: string,
    readonly cookie: string,
  ) {}

  static async signIn(baseUrl: string): Promise<Admin> {
    const response = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    if (response.status !== 200) throw new Error(`login: HTTP ${response.status}`);
    return new Admin(baseUrl, response.headers.getSetCookie().find((c) => c.startsWith('sid='))!.split(';')[0]);
  }

  rest(method: string, path: string, body?: unknown): Promise<Timed> {
    return timed(`${this.baseUrl}${path}`, {
      method,
      headers: { cookie: this.cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A GraphQL request with the session; the answer's data and errors. */
  async graphql(query: string, variables: Record<string, unknown> = {}): Promise<{ ms: number; data?: Record<string, unknown>; errors?: { message: string }[] }> {
    const answer = await timed(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: { cookie: this.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const parsed = JSON.parse(answer.body) as { data?: Record<string, unknown>; errors?: { message: string }[] };
    return { ms: answer.ms, ...parsed };
  }
}
