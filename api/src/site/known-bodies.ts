import type { GraphQLRead } from './public-graphql.js';

/**
 * Bodies of anonymous GraphQL POSTs lately answered from the cache, as bytes, with their reads: the
 * same few queries come again and again (a site's or an integrator's), and a body with the very
 * same bytes names the very same read, found without decoding or hashing the text (a comparison
 * of bytes, mostly of lengths alone). Bounded in entries and in the size of each body; a body that
 * may carry `extensions` (an APQ hash, whose read depends on the persisted-query store) is never
 * remembered: the literal word, or any \u escape that could spell it, keeps it out.
 */
export class KnownBodies {
  static readonly MAX_ENTRIES = 16;
  static readonly MAX_BODY = 4 * 1024;
  readonly #entries: { bytes: Buffer; read: GraphQLRead }[] = [];
  #next = 0;

  read(bytes: Buffer): GraphQLRead | null {
    for (const entry of this.#entries) if (entry.bytes.length === bytes.length && entry.bytes.equals(bytes)) return entry.read;
    return null;
  }

  remember(bytes: Buffer, read: GraphQLRead): void {
    if (bytes.length > KnownBodies.MAX_BODY || bytes.includes('extensions') || bytes.includes('\\u')) return;
    // A copy: the request's buffer may be a slice of a larger one (the socket's read).
    const entry = { bytes: Buffer.from(bytes), read };
    if (this.#entries.length < KnownBodies.MAX_ENTRIES) this.#entries.push(entry);
    else {
      this.#entries[this.#next] = entry;
      this.#next = (this.#next + 1) % KnownBodies.MAX_ENTRIES;
    }
  }
}
