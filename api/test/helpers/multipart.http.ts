import http from 'node:http';

// Raw multipart requests for the hostile-body tests: exact bytes, a body that may stop early
// (socket kept open), and a bound on how long the test waits for an answer.

export const BOUNDARY = 'test-boundary-7MA4YWxkTrZu0gW';

export interface RawReply {
  /** 0: no answer within `waitMs` (the server hung). */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
  /** Milliseconds from sending the head to the answer's status line. */
  ms: number;
}

/** One multipart part. A file part when `filename` is given. */
export function part(name: string, value: string | Uint8Array, filename?: string, type = 'application/octet-stream'): Buffer {
  const disposition = `form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;
  const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${filename === undefined ? '' : `Content-Type: ${type}\r\n`}\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(value), Buffer.from('\r\n')]);
}

export const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

export interface RawOptions {
  path: string;
  headers?: Record<string, string>;
  body: Buffer;
  /**
   * 'complete': Content-Length and the whole body. 'chunked-end': chunked transfer, the body
   * as given, then the final chunk (a complete HTTP message whose multipart may be cut).
   * 'stall': Content-Length of `announce` bytes, only `body` sent, socket kept open.
   */
  mode?: 'complete' | 'chunked-end' | 'stall';
  announce?: number;
  waitMs?: number;
}

export function rawRequest(baseUrl: string, options: RawOptions): Promise<RawReply> {
  const { port } = new URL(baseUrl);
  const mode = options.mode ?? 'complete';
  const headers: Record<string, string> = {
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    ...options.headers,
  };
  if (mode === 'complete') headers['content-length'] = String(options.body.length);
  if (mode === 'stall') headers['content-length'] = String(options.announce ?? options.body.length + 1000);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: options.path, method: 'POST', headers, agent: false });
    const timer = setTimeout(() => {
      request.destroy();
      resolve({ status: 0, headers: {}, body: null, ms: performance.now() - started });
    }, options.waitMs ?? 5000);
    request.on('response', (response) => {
      const ms = performance.now() - started;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        if (String(response.headers['content-type']).includes('json')) body = JSON.parse(text);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, ms });
        request.destroy();
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.write(options.body);
    if (mode !== 'stall') request.end();
  });
}
