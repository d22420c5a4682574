import type { Express } from 'express';
import type { AppDeps } from '../app-deps.js';

// Mounts Apollo Server at /graphql. Filled in by the GraphQL work (issue 3).
export async function mountGraphQL(_app: Express, _deps: AppDeps): Promise<{ stop(): Promise<void> }> {
  return { stop: async () => {} };
}
