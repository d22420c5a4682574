import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import type { Caller } from '../auth/caller.js';

/** What every resolver receives: the request's own EntityManager and caller, plus the app's deps. */
export interface GraphQLContext {
  req: Request;
  res: Response;
  em: EntityManager;
  caller: Caller;
  deps: AppDeps;
}
