import type { EntityManager } from '@mikro-orm/postgresql';
import { parseListOptions, TOTAL_COUNT_HEADER, type ListOptions } from '../content/list-options.js';
import { collections, singletons } from '../content/registry.js';
import type { Production } from './public-cache.js';

// The public REST reads (`GET /api/<collection>`, `/api/<collection>/<id>`, `/api/<singleton>`)
// as cacheable productions, through the same services as the REST router (content.router.ts).
// Only complete answers are produced here: an unknown id or a missing singleton is left to the
// router, which answers it with the usual error. Only collection lists read a query string (limit,
// offset, flag filters); the key holds those, normalised, and nothing else.

const JSON_TYPE = 'application/json; charset=utf-8';

type Read = (em: EntityManager) => Promise<unknown>;

/** A list's answer: its records, and how many match its filters in all (the X-Total-Count header). */
class Listed {
  constructor(
    readonly items: unknown[],
    readonly total: number,
  ) {}
}

export interface RestRead {
  /** The cache key: the path and the list parameters the route reads, normalised. */
  key: string;
  read: Read;
}

/** `limit=5&featured=true` in one order, only the parameters given (so equal reads share a key). */
function optionsKey(options: ListOptions): string {
  const parts: string[] = [];
  if (options.limit !== undefined) parts.push(`limit=${options.limit}`);
  if (options.offset) parts.push(`offset=${options.offset}`);
  for (const name of Object.keys(options.where ?? {}).sort()) parts.push(`${name}=${options.where![name]}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * The read a public REST path names, or null when it is not one (admin routes, auth, unknown) or
 * when its parameters are wrong (the router answers 400 with the field messages).
 */
export function publicRestRead(path: string, search = ''): RestRead | null {
  const match = /^\/api\/([a-z-]+)(?:\/(\d{1,10}))?\/?$/.exec(path);
  if (!match) return null;
  const [, segment, rawId] = match;
  const base = `rest /api/${segment}${rawId === undefined ? '' : `/${rawId}`}`;
  const collection = collections.find((c) => c.path === segment);
  if (collection) {
    if (rawId === undefined) {
      // Admin searches and sorts are not public reads to cache: the router answers them.
      const params = new URLSearchParams(search);
      if (params.has('search') || params.has('sort')) return null;
      let options: ListOptions;
      try {
        options = parseListOptions(Object.fromEntries(listParameters(search, collection.filters)), collection.filters);
      } catch {
        return null;
      }
      const read: Read = async (em) => {
        const { items, total } = await collection.service.listWithTotal(em, options);
        return new Listed(items, total);
      };
      return { key: base + optionsKey(options), read };
    }
    const id = Number(rawId);
    if (id < 1 || id > 2_147_483_647) return null;
    return { key: base, read: (em) => collection.service.get(em, id) };
  }
  const singleton = rawId === undefined ? singletons.find((s) => s.path === segment) : undefined;
  if (singleton) return { key: base, read: (em) => singleton.service.get(em) };
  return null;
}

/** The list parameters present in a query string; a repeated one is left to the router (400). */
function listParameters(search: string, filters: readonly string[]): Map<string, unknown> {
  const params = new URLSearchParams(search);
  const read = new Map<string, unknown>();
  for (const name of ['limit', 'offset', ...filters]) {
    const values = params.getAll(name);
    if (values.length === 1) read.set(name, values[0]);
    else if (values.length > 1) read.set(name, values);
  }
  return read;
}

/** Runs the read; a missing record is not cacheable (the router answers it). */
export async function produceRestRead(read: Read, em: EntityManager): Promise<Production> {
  let value: unknown;
  try {
    value = await read(em);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return notCacheable();
    throw error;
  }
  if (value === null || value === undefined) return notCacheable();
  const headers: Record<string, string> = { 'Content-Type': JSON_TYPE };
  if (value instanceof Listed) {
    headers[TOTAL_COUNT_HEADER] = String(value.total);
    value = value.items;
  }
  return {
    produced: { status: 200, headers, body: Buffer.from(JSON.stringify(value), 'utf8') },
    cacheable: true,
  };
}

function notCacheable(): Production {
  return { produced: { status: 404, headers: {}, body: Buffer.alloc(0) }, cacheable: false };
}
