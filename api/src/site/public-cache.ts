import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

// The one read cache of every public surface (SSR pages, public REST GETs, anonymous GraphQL
// queries): prepared bytes per content revision, in identity, gzip and brotli, with a strong ETag.
// Keys say what determines a response and nothing else (never the Host header, never a query
// string the route does not read). An entry keeps the revision it was produced at: a lookup at
// another revision is a miss that rebuilds that one key (lazily, per key, concurrent misses sharing
// one production), while the old bytes stay until replaced so they can be served, marked stale,
// when the database is away. Memory is bounded by bytes (least recently used out first).

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Smaller than this, compression costs more than it saves. */
const MIN_COMPRESS_BYTES = 512;

/** What a producer made: status, headers that describe the body (content type, cache control), body. */
export interface Produced {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A production and whether it may be kept (a complete, successful answer, nothing else). */
export interface Production {
  produced: Produced;
  cacheable: boolean;
}

export interface Prepared extends Produced {
  revision: string;
  etag: string;
  gzip: Buffer | null;
  br: Buffer | null;
}

export type CacheState = 'hit' | 'miss' | 'stale' | 'bypass';

/** What the cache was asked, counted for /metrics (ops/metrics.ts). */
export interface CacheEvents {
  /** Fresh entries found (answered from the cache). */
  hits: number;
  /** Requests that waited for a production (their own or a concurrent one's). */
  misses: number;
  /** Productions run (concurrent misses of one key share one). */
  renders: number;
}

export class PublicCache {
  readonly #entries: LRUCache<string, Prepared>;
  readonly events: CacheEvents = { hits: 0, misses: 0, renders: 0 };
  readonly #inFlight = new Map<string, Promise<{ production: Production; prepared: Prepared | null }>>();

  constructor(maxBytes = DEFAULT_MAX_BYTES) {
    this.#entries = new LRUCache<string, Prepared>({
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0) + key.length + 256,
    });
  }

  /** The entry for `key` if it was produced at `revision`. */
  fresh(key: string, revision: string | null): Prepared | undefined {
    if (revision === null) return undefined;
    const entry = this.#entries.get(key);
    if (entry?.revision !== revision) return undefined;
    this.events.hits++;
    return entry;
  }

  /** The entry for `key` at whatever revision it was produced (to serve as stale). */
  last(key: string): Prepared | undefined {
    return this.#entries.get(key);
  }

  /**
   * The entry for `key` at `revision`, produced now when missing. Concurrent misses of one key and
   * revision share one production. Kept only when the production is cacheable.
   */
  async getOrProduce(
    key: string,
    revision: string,
    produce: () => Promise<Production>,
  ): Promise<{ state: CacheState; production: Production; prepared: Prepared | null }> {
    const entry = this.fresh(key, revision);
    if (entry) return { state: 'hit', production: { produced: entry, cacheable: true }, prepared: entry };
    this.events.misses++;
    const flightKey = `${revision}\n${key}`;
    let flight = this.#inFlight.get(flightKey);
    if (!flight) {
      this.events.renders++;
      flight = (async () => {
        const production = await produce();
        if (!production.cacheable) return { production, prepared: null };
        const prepared = await prepare(production.produced, revision);
        // A production that started before a newer one was stored must not replace it.
        const current = this.#entries.peek(key);
        if (!current || current.revision === revision || BigInt(current.revision) < BigInt(revision)) this.#entries.set(key, prepared);
        return { production, prepared };
      })();
      this.#inFlight.set(flightKey, flight);
      const forget = () => this.#inFlight.delete(flightKey);
      flight.then(forget, forget);
    }
    return { state: 'miss', ...(await flight) };
  }

  /** Whether `key` is being produced for `revision` right now. */
  producing(key: string, revision: string | null): boolean {
    return revision !== null && this.#inFlight.has(`${revision}\n${key}`);
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#entries.calculatedSize;
  }
}

/**
 * Brotli's window for a body: its size, 64 KiB at least. At quality 9 a window over 64 KiB (the
 * default is 4 MiB) makes brotli use a match finder with a 32 MiB table, nearly all of it touched
 * even for a small page: about 30 MB of resident memory per compression, several at once after
 * each edit. With a 64 KiB window it uses a table of a few MiB, and a body the window holds whole
 * compresses to within a few bytes of the same size (the demo pages: +8 bytes to -3), much faster.
 */
function brotliWindowBits(length: number): number {
  return Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(length + 16))));
}

/** Compresses once, in both encodings, and names the bytes. */
export async function prepare(produced: Produced, revision: string): Promise<Prepared> {
  const compress = produced.body.length >= MIN_COMPRESS_BYTES;
  const [gz, br] = compress
    ? await Promise.all([
        gzipAsync(produced.body, { level: 9 }),
        brotliAsync(produced.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: produced.body.length,
            [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(produced.body.length),
          },
        }),
      ])
    : [null, null];
  const hash = createHash('sha256').update(produced.body).digest('base64url').slice(0, 22);
  return { ...produced, revision, etag: `"${revision}-${hash}"`, gzip: gz, br };
}
