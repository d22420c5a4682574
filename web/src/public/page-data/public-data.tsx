import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { DocumentNode } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

// The public pages' data. Each page asks for its one query (a paged list page: with its page's
// limit and offset as variables); the answer is kept for the visit and shared by every component that asks for the same query (cache-first, never
// refetched). The server renderer fills a store and embeds what it holds in the
// page; the browser starts from that, so a server-rendered page hydrates without a request, and a
// page reached by navigation fetches its query once. Small on purpose: public pages ship without
// Apollo Client (the admin panel, loaded on its own, uses it).

/** Runs one query and resolves with its data; rejects on any failure (network, GraphQL errors). */
export type QueryRunner = (document: DocumentNode, operationName: string, variables?: QueryVariables) => Promise<unknown>;

/** A public query's variables (a list page's limit and offset): small, flat, JSON. */
export type QueryVariables = Record<string, string | number | boolean>;

/**
 * The key a query's answer is kept and embedded under: its operation name, followed by its
 * variables as JSON when it has any (`NewsPage{"limit":24,"offset":24}`).
 */
export function queryKey(name: string, variables?: QueryVariables): string {
  return variables && Object.keys(variables).length > 0 ? `${name}${JSON.stringify(variables)}` : name;
}

/** The data held for one query: asked for and waiting, answered, or failed. */
export type QueryState = { status: 'loading' } | { status: 'done'; data: unknown } | { status: 'failed'; error: unknown };

const LOADING: QueryState = { status: 'loading' };

/** The operation's name: the key its answer is kept and embedded under. */
export function operationNameOf(document: DocumentNode): string {
  for (const definition of document.definitions) {
    if (definition.kind === 'OperationDefinition' && definition.name) return definition.name.value;
  }
  throw new Error('a public query needs a named operation');
}

export class PublicDataStore {
  readonly #run: QueryRunner;
  readonly #states = new Map<string, QueryState>();
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #listeners = new Set<() => void>();

  /** `answered`: data by query key (queryKey), as `answered()` gave it on the server. */
  constructor(run: QueryRunner, answered: Record<string, unknown> = {}) {
    this.#run = run;
    for (const [name, data] of Object.entries(answered)) this.#states.set(name, { status: 'done', data });
  }

  /** The query's state; the first ask starts it. */
  read(document: DocumentNode, variables?: QueryVariables): QueryState {
    const name = operationNameOf(document);
    const key = queryKey(name, variables);
    return this.#states.get(key) ?? this.#start(document, name, key, variables);
  }

  /** A query that failed is asked again (a page shown anew after a failure: the network may be back). */
  retryFailed(document: DocumentNode, variables?: QueryVariables): void {
    const name = operationNameOf(document);
    const key = queryKey(name, variables);
    if (this.#states.get(key)?.status !== 'failed') return;
    this.#start(document, name, key, variables);
    for (const listener of this.#listeners) listener();
  }

  #start(document: DocumentNode, name: string, key: string, variables?: QueryVariables): QueryState {
    this.#states.set(key, LOADING);
    const running = (variables ? this.#run(document, name, variables) : this.#run(document, name)).then(
      (data) => this.#settle(key, { status: 'done', data }),
      (error: unknown) => this.#settle(key, { status: 'failed', error }),
    );
    this.#inFlight.add(running);
    void running.finally(() => this.#inFlight.delete(running));
    return LOADING;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Resolves once no query is running (the server renderer waits for the page's data). */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  /** True while a query has been asked for and not answered. */
  get busy(): boolean {
    return this.#inFlight.size > 0;
  }

  /** Whether any query failed. */
  get failed(): boolean {
    return [...this.#states.values()].some((state) => state.status === 'failed');
  }

  /** The answered queries' data by query key: what the server embeds in the page. */
  answered(): Record<string, unknown> {
    const answered: Record<string, unknown> = {};
    for (const [key, state] of this.#states) if (state.status === 'done') answered[key] = state.data;
    return answered;
  }

  #settle(key: string, state: QueryState): void {
    this.#states.set(key, state);
    for (const listener of this.#listeners) listener();
  }
}

const PublicDataContext = createContext<PublicDataStore | null>(null);

export function PublicDataProvider({ store, children }: { store: PublicDataStore; children: ReactNode }) {
  return <PublicDataContext.Provider value={store}>{children}</PublicDataContext.Provider>;
}

/**
 * A public query's data: `loading` until it is answered, then `data` or `error`. `variables`: a
 * paged list's limit and offset (each set of variables is its own query).
 */
export function usePublicQuery<TData, TVariables extends QueryVariables = Record<string, never>>(
  document: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
): {
  data: TData | undefined;
  loading: boolean;
  error: unknown;
} {
  const store = useContext(PublicDataContext);
  if (!store) throw new Error('usePublicQuery needs a PublicDataProvider');
  const key = variables ? JSON.stringify(variables) : '';
  const read = () => store.read(document, variables);
  const state = useSyncExternalStore(store.subscribe, read, read);
  // Each time a page shows the query anew, a failure is retried (never on a re-render).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `variables` (a new object each render)
  useEffect(() => store.retryFailed(document, variables), [store, document, key]);
  return {
    data: state.status === 'done' ? (state.data as TData) : undefined,
    loading: state.status === 'loading',
    error: state.status === 'failed' ? state.error : undefined,
  };
}
