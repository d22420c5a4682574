import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { AppDeps } from '../app-deps.js';
import type { Caller } from '../auth/caller.js';
import type { PreviewOverlay } from '../preview/overlay.js';

/** What every resolver receives: the request's own EntityManager and caller, plus the app's deps. */
export interface GraphQLContext {
  req: Request;
  res: Response;
  em: EntityManager;
  caller: Caller;
  deps: AppDeps;
  /** A preview's server rendering only: the record its public content reads show as its draft has it (preview/overlay.ts). */
  preview?: PreviewOverlay;
  /**
   * The public read cache's (site/public-graphql.ts): a resolver whose answer must never be kept
   * (a fresh challenge) calls `mark()`, and the answer is then not cached.
   */
  uncached?: { mark(): void };
}
