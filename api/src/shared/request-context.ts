import type { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

// One EntityManager per request (its own identity map and unit of work), shared by every
// adapter (REST, GraphQL, web) that handles the request.

const entityManagers = new WeakMap<Request, EntityManager>();

export function requestEntityManager(orm: MikroORM): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    entityManagers.set(req, orm.em.fork());
    next();
  };
}

/** The request's EntityManager (set up by `requestEntityManager`, mounted first in createApp). */
export function emOf(req: Request): EntityManager {
  const em = entityManagers.get(req);
  if (!em) throw new Error('No EntityManager for this request: is requestEntityManager mounted?');
  return em;
}
