import type { TestApp } from './test-app.js';

// GraphQL and REST calls against a test app, for the GraphQL tests (parity with REST, refusals,
// uploads, the shared session).

export type Json = Record<string, unknown>;

export interface GraphQLResponse {
  status: number;
  data?: Json | null;
  errors?: { message: string; extensions?: Json & { code?: string } }[];
}

// The smallest valid PNG: 1x1, one grey pixel.
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

/** Calls against `session.app`, read at call time (the app starts in beforeAll). */
export function graphqlClient(session: { app: TestApp }) {
  async function gql(query: string, variables: Json = {}, cookie?: string): Promise<GraphQLResponse> {
    const response = await fetch(`${session.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, ...((await response.json()) as object) };
  }

  async function rest(method: string, path: string, body?: unknown, cookie?: string) {
    const response = await fetch(`${session.app.baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
  }

  /** A multipart GraphQL request uploading `bytes` as the `file` variable of uploadImage. */
  async function uploadImage(bytes: Uint8Array, filename: string, type: string, cookie?: string, preflight = true) {
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({ query: 'mutation($file: Upload!) { uploadImage(file: $file) { url } }', variables: { file: null } }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new Blob([bytes], { type }), filename);
    const response = await fetch(`${session.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...(preflight ? { 'apollo-require-preflight': 'true' } : {}), ...(cookie ? { cookie } : {}) },
      body: form,
    });
    return { status: response.status, ...((await response.json()) as object) } as GraphQLResponse;
  }

  return { gql, rest, uploadImage };
}
