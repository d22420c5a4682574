import type { ApolloClient, DocumentNode, OperationVariables, WatchQueryFetchPolicy } from '@apollo/client';
import { AdminMeDocument } from '../graphql/generated/graphql';
import { listVariables } from './collections/list-state';
import { COLLECTION_SCREENS } from './content-definitions';

// A visit's first screen asks for its data as soon as the admin code runs: the session check and,
// on a collection screen, its list, both at once (the list used to wait for the session check's
// answer and then for the screen to be drawn). The guard and the screen then ask with the same
// query and variables: while a request is on its way Apollo sends it once, and once it answered
// they take its answer from the cache (asked for this visit, so not stale) instead of asking
// again. Signed out, the list is refused like any request and the guard opens the login page;
// nothing is shown before the session check answers.

/** Queries asked for at the start of the visit and not yet taken by the screen that needs them. */
const started = new Map<DocumentNode, string>();

const keyOf = (variables: OperationVariables | undefined) => JSON.stringify(variables ?? {});

function ask(client: ApolloClient, query: DocumentNode, variables: OperationVariables): Promise<unknown> {
  started.set(query, keyOf(variables));
  return client.query({ query, variables, fetchPolicy: 'network-only' }).catch(() => {
    // Failed (signed out, server away): the screen asks again itself.
    started.delete(query);
  });
}

/**
 * Starts the session check and, at `/admin/<collection screen>`, that screen's list query with
 * the variables its URL's `search` params ask for. Returns the requests (each settles either way).
 */
export function fetchFirstScreenData(client: ApolloClient, pathname: string, search: string): Promise<unknown>[] {
  const requests = [ask(client, AdminMeDocument, {})];
  const match = /^\/admin\/([^/]+)\/?$/.exec(pathname);
  const definition = match && COLLECTION_SCREENS.find((screen) => screen.definition.path === match[1])?.definition;
  if (definition) {
    const { operations } = definition;
    requests.push(ask(client, operations.list, listVariables(new URLSearchParams(search), { sortable: operations.sortable, featuredFilter: operations.featured })));
  }
  return requests;
}

/**
 * The fetch policy of a screen's first query: 'cache-first' (once) when the visit started it with
 * these variables, else `otherwise`.
 */
export function firstFetchPolicy(query: DocumentNode, variables: OperationVariables | undefined, otherwise: WatchQueryFetchPolicy): WatchQueryFetchPolicy {
  if (started.get(query) !== keyOf(variables)) return otherwise;
  started.delete(query);
  return 'cache-first';
}
