import type { EntityManager } from '@mikro-orm/postgresql';
import { Listed } from '../content/list.routes.js';
import { TOTAL_COUNT_HEADER } from '../content/list-options.js';
import type { CachedRead } from '../http/route.js';
import { cachedReadOf } from '../http/route-table.js';
import type { Production } from './public-cache.js';

// The public REST reads as cacheable productions: which GET is one, and its key, come from the
// route table (rows with `cached`: the public collection lists and records, the singletons),
// through the same services as the routes themselves. Only complete answers are produced here: an
// unknown id or a missing singleton is left to the route, which answers it with the usual error.

const JSON_TYPE = 'application/json; charset=utf-8';

export type RestRead = CachedRead;

/** The public REST read `path?search` names, or null when it is not one (the route answers it). */
export function publicRestRead(path: string, search = ''): RestRead | null {
  return cachedReadOf(path, search);
}

/** Runs the read; a missing record is not cacheable (the router answers it). */
export async function produceRestRead(read: RestRead['read'], em: EntityManager): Promise<Production> {
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
