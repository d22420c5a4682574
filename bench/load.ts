import autocannon from 'autocannon';

// One bounded load run (autocannon, in this process) and its summary.

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** A Host header per request, e.g. a random one. */
  host?: () => string;
  /** Paths each connection asks for in turn (instead of the url's path alone). */
  paths?: string[];
}

export interface LoadResult {
  perSecond: number;
  p99: number;
  requests: number;
  errors: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const setupRequest = options.host
    ? (request: { headers?: Record<string, string> }) => {
        request.headers = { ...request.headers, host: options.host!() };
        return request;
      }
    : undefined;
  const requests = options.paths ? options.paths.map((path) => ({ path, ...(setupRequest && { setupRequest }) })) : setupRequest && [{ setupRequest }];
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: options.seconds,
    requests,
  } as autocannon.Options);
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
