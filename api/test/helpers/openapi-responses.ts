import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { routeOf, routes } from '../../src/http/route-table.js';
import { openApiDocument } from '../../src/rest/openapi.js';

// Every answer a REST test gets is checked against the OpenAPI document: the test app's server
// hands each request to the app through `checkingResponses`, which keeps the bytes the app sends
// for a documented route and validates the JSON body against the schema the document gives for
// that status (an undocumented status is a finding too). The findings fail the test file when its
// app closes, so the document cannot drift from what the routes really return.

type Json = Record<string, any>;
type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

export interface ResponseCheck {
  listener: RequestListener;
  /** What did not match, one line each ("POST /api/admin/news 201: ..."). */
  findings: string[];
}

let compiled: Promise<(method: string, path: string, status: number) => Validate | 'undocumented' | null> | null = null;

/** The validator of a documented route's answer with this status; null when not a documented route. */
function validators() {
  compiled ??= openApiDocument(routes()).then((document: Json) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi', components: document.components });
    const cache = new Map<string, Validate | 'undocumented'>();
    return (method: string, path: string, status: number) => {
      const found = routeOf(method, path);
      if (!found?.route.doc) return null;
      const openApiPath = found.route.path.replace(/:(\w+)/g, '{$1}');
      const key = `${method} ${openApiPath} ${status}`;
      let validate = cache.get(key);
      if (validate === undefined) {
        const operation = document.paths[openApiPath][found.route.method.toLowerCase()];
        const response = operation.responses[String(status)];
        const schema = response?.content?.['application/json']?.schema;
        validate = response === undefined ? 'undocumented' : schema ? (ajv.compile(rebased(schema) as object) as Validate) : ((() => true) as Validate);
        cache.set(key, validate);
      }
      return validate;
    };
  });
  return compiled;
}

/** A schema whose `#/components/...` references point into the document added as `openapi`. */
function rebased(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
}

/**
 * A header as sent: from the head node:http wrote (headers given to writeHead, as the public read
 * path sends them, are not kept where getHeader looks).
 */
function headerOf(res: ServerResponse, name: string): string | undefined {
  const head = (res as unknown as { _header?: string })._header ?? '';
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim() ?? (res.getHeader(name) as string | undefined);
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}

export function checkingResponses(app: RequestListener): ResponseCheck {
  const findings: string[] = [];
  const check = validators();
  const listener: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      }
    };
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest);
    }) as typeof res.end;
    res.on('finish', () => {
      const method = req.method ?? 'GET';
      const path = (req.url ?? '/').split('?')[0];
      if (!path.toLowerCase().startsWith('/api/') || method === 'HEAD' || res.statusCode === 304 || res.statusCode === 204) return;
      void check.then((validatorOf) => {
        const validate = validatorOf(method, path, res.statusCode);
        if (validate === null) return;
        const where = `${method} ${path} ${res.statusCode}`;
        if (validate === 'undocumented') return void findings.push(`${where}: status not documented`);
        if (!/json/i.test(headerOf(res, 'content-type') ?? '')) return;
        let body: unknown;
        try {
          body = JSON.parse(decoded(Buffer.concat(chunks), headerOf(res, 'content-encoding')).toString('utf8'));
        } catch {
          return void findings.push(`${where}: the body is not JSON`);
        }
        if (!validate(body)) findings.push(`${where}: ${JSON.stringify(validate.errors).slice(0, 600)}`);
      });
    });
    app(req, res);
  };
  return { listener, findings };
}

/** Waits for the checks of the answers sent so far (they run once the document is built). */
export async function responseFindings(check: ResponseCheck): Promise<string[]> {
  await validators();
  await new Promise((resolve) => setImmediate(resolve));
  return check.findings;
}
