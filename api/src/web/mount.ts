import type { Express } from 'express';
import type { AppDeps } from '../app-deps.js';

// Serves the React app (static assets + server-side rendering of public routes).
// Filled in by the public-site work (issue 4). Mounted last, after /api, /graphql and /uploads.
export async function mountWeb(_app: Express, _deps: AppDeps): Promise<void> {}
