import type { DocumentStore, PersistedQueryOptions } from '@apollo/server';
import type { DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';

// What the GraphQL endpoint remembers about the queries it has seen, bounded in bytes (least
// recently used out first): the automatic persisted queries (sha256 -> query text), shared by
// Apollo Server and the public read path (site/public-graphql.ts), and Apollo's parsed and
// validated documents. Apollo's own defaults are 30 MiB each but measured loosely: a parsed
// document was counted by its JSON, which leaves out the query text its locations keep alive and
// is a quarter of what the syntax tree takes in memory, so distinct queries with long comments
// grew the process by hundreds of MB before the bound held.

/** Query text kept for automatic persisted queries. */
export const PERSISTED_QUERIES_MAX_BYTES = 4 * 1024 * 1024;
/** Parsed and validated documents kept by Apollo Server (to skip parsing a known query again). */
export const DOCUMENTS_MAX_BYTES = 8 * 1024 * 1024;
/** Bookkeeping per entry (the LRU node, the key string's header). */
const ENTRY_OVERHEAD = 128;

type ApolloKeyValueCache<V> = {
  get(key: string): Promise<V | undefined>;
  set(key: string, value: V, options?: { ttl?: number | null }): Promise<void>;
  delete(key: string): Promise<boolean | void>;
};

/** An LRU bounded by an estimate of the bytes its entries hold; Apollo's KeyValueCache shape. */
export class ByteBoundedStore<V extends object | string> implements ApolloKeyValueCache<V> {
  readonly #entries: LRUCache<string, V>;

  constructor(
    readonly maxBytes: number,
    sizeOf: (value: V) => number,
  ) {
    this.#entries = new LRUCache<string, V>({
      maxSize: maxBytes,
      // An entry bigger than the whole store is not kept at all (lru-cache refuses it).
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value)) + 2 * key.length + ENTRY_OVERHEAD),
    });
  }

  peek(key: string): V | undefined {
    return this.#entries.get(key);
  }

  put(key: string, value: V): void {
    this.#entries.set(key, value);
  }

  async get(key: string): Promise<V | undefined> {
    return this.#entries.get(key);
  }

  // Entries leave by size, not by time: a TTL Apollo passes is ignored.
  async set(key: string, value: V): Promise<void> {
    this.#entries.set(key, value);
  }

  async delete(key: string): Promise<boolean> {
    return this.#entries.delete(key);
  }

  /** The bytes counted for the entries held (at most maxBytes). */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** A string's bytes in memory, at most: two per UTF-16 unit (one-byte strings take half). */
const stringBytes = (text: string) => 2 * text.length;

/**
 * The persisted query store: sha256 hex -> query text. Apollo reaches it through `forApollo`
 * (its keys carry a prefix such as `apq:`; the hash is what follows the last colon), the public
 * read path through `query` and `remember`, so a query registered on either is known to both.
 */
export class PersistedQueryStore {
  readonly #queries = new ByteBoundedStore<string>(PERSISTED_QUERIES_MAX_BYTES, stringBytes);

  query(sha256Hash: string): string | undefined {
    return this.#queries.peek(sha256Hash);
  }

  remember(sha256Hash: string, query: string): void {
    this.#queries.put(sha256Hash, query);
  }

  get bytes(): number {
    return this.#queries.bytes;
  }

  get maxBytes(): number {
    return this.#queries.maxBytes;
  }

  /** Apollo Server's `persistedQueries.cache`. */
  readonly forApollo: NonNullable<PersistedQueryOptions['cache']> = {
    get: async (key) => this.#queries.peek(hashOf(key)),
    set: async (key, value) => this.#queries.put(hashOf(key), value),
    delete: async (key) => this.#queries.delete(hashOf(key)),
  };
}

function hashOf(key: string): string {
  return key.slice(key.lastIndexOf(':') + 1);
}

/**
 * A parsed document's bytes, estimated: the query text its locations keep alive, and the syntax
 * tree, about four times its JSON (measured with graphql-js 16: tokens and locations included).
 */
export function documentBytes(document: DocumentNode): number {
  return stringBytes(document.loc?.source.body ?? '') + 4 * JSON.stringify(document).length;
}

/** The process's stores (one server per process; Apollo prefixes document keys with the schema's hash). */
export const queryStores = {
  persistedQueries: new PersistedQueryStore(),
  documents: new ByteBoundedStore<DocumentNode>(DOCUMENTS_MAX_BYTES, documentBytes) satisfies DocumentStore,
};
