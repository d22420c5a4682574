import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { ImageStorage } from './uploads/storage.js';

/** What the adapters (REST, GraphQL, web) are wired with. Built once in main.ts; tests build their own. */
export interface AppDeps {
  orm: MikroORM;
  config: Config;
  logger: Logger;
  storage: ImageStorage;
}
