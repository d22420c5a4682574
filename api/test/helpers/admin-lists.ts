import { request } from './http.js';
import type { TestApp } from './test-app.js';

// Calls and rows for the admin list tests (search, sort, bulk actions), against a signed-in app.

export type Json = Record<string, any>;

/** Calls against `session.app` as `session.cookie`, both read at call time (they are set in beforeAll). */
export function adminListClient(session: { app: TestApp; cookie: string }) {
  const sql = <T = Json>(text: string, params: unknown[] = []) => session.app.orm.em.fork().getConnection().execute<T[]>(text, params);

  async function gql(query: string, variables: Json = {}, withCookie: string | undefined = session.cookie): Promise<{ data?: Json; errors?: Json[] }> {
    const response = await fetch(`${session.app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(withCookie ? { cookie: withCookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: Json; errors?: Json[] };
  }

  const get = (path: string) => request(session.app.baseUrl, 'GET', path);
  const post = (path: string, json: unknown, withCookie: string | undefined = session.cookie) => request(session.app.baseUrl, 'POST', path, { json, cookie: withCookie });

  /** Replaces the news with these (title, brief, featured) rows, in this display order; returns their ids. */
  async function newsOf(rows: [title: string, brief: string, featured?: boolean][]): Promise<number[]> {
    await sql('delete from news');
    const ids: number[] = [];
    for (const [i, [title, brief, featured = false]] of rows.entries()) {
      const [row] = await sql<{ id: number }>(
        `insert into news (title, picture_url, brief, featured, display_order) values (?, '/uploads/n.png', ?, ?, ?) returning id`,
        [title, brief, featured, i],
      );
      ids.push(row.id);
    }
    return ids;
  }

  return { sql, gql, get, post, newsOf };
}

export const titles = (records: Json[]) => records.map((r) => r.title as string);
