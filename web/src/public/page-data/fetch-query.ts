import type { DocumentNode } from 'graphql';

// How a public page reached by navigation gets its query: a GET of /graphql, which the server
// answers from its public read cache (and a CDN may keep). graphql's printer is loaded with the
// first such request, so a server-rendered page that never makes one does not download it.

/** Runs a public query over HTTP; resolves with its data, rejects on any failure. */
export async function fetchPublicQuery(document: DocumentNode, operationName: string, variables?: Record<string, unknown>): Promise<unknown> {
  const { print } = await import('graphql/language/printer');
  const params = new URLSearchParams({ query: print(document), operationName });
  if (variables) params.set('variables', JSON.stringify(variables));
  // A custom header makes the request one a cross-site page cannot send without a preflight
  // (Apollo Server's CSRF prevention accepts it).
  const response = await fetch(`/graphql?${params.toString()}`, {
    headers: { accept: 'application/json', 'x-apollo-operation-name': operationName },
    credentials: 'same-origin',
  });
  const body = (await response.json().catch(() => null)) as { data?: unknown; errors?: unknown[] } | null;
  if (!response.ok || !body || body.errors?.length || body.data == null) {
    throw new Error(`Failed to load ${operationName} (HTTP ${response.status})`);
  }
  return body.data;
}
