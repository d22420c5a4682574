import type { EntityManager } from '@mikro-orm/postgresql';
import { collections, singletons } from '../content/registry.js';
import type { Production } from './public-cache.js';

// The public REST reads (`GET /api/<collection>`, `/api/<collection>/<id>`, `/api/<singleton>`)
// as cacheable productions, through the same services as the REST router (content.router.ts).
// Only complete answers are produced here: an unknown id or a missing singleton is left to the
// router, which answers it with the usual error. These routes read no query string.

const JSON_TYPE = 'application/json; charset=utf-8';

type Read = (em: EntityManager) => Promise<unknown>;

/** The read a public REST path names, or null when it is not one (admin routes, auth, unknown). */
export function publicRestRead(path: string): Read | null {
  const match = /^\/api\/([a-z-]+)(?:\/(\d{1,10}))?\/?$/.exec(path);
  if (!match) return null;
  const [, segment, rawId] = match;
  const collection = collections.find((c) => c.path === segment);
  if (collection) {
    if (rawId === undefined) return (em) => collection.service.list(em);
    const id = Number(rawId);
    if (id < 1 || id > 2_147_483_647) return null;
    return (em) => collection.service.get(em, id);
  }
  const singleton = rawId === undefined ? singletons.find((s) => s.path === segment) : undefined;
  if (singleton) return (em) => singleton.service.get(em);
  return null;
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
  return {
    produced: { status: 200, headers: { 'Content-Type': JSON_TYPE }, body: Buffer.from(JSON.stringify(value), 'utf8') },
    cacheable: true,
  };
}

function notCacheable(): Production {
  return { produced: { status: 404, headers: {}, body: Buffer.alloc(0) }, cacheable: false };
}
