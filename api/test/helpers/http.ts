// A small fetch wrapper for the tests: JSON in, JSON (or text) out.

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

export async function request(
  baseUrl: string,
  method: string,
  path: string,
  options: { json?: unknown; body?: RequestInit['body']; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  if (response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed };
}
