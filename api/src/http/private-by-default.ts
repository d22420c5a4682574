import type { RequestHandler } from 'express';
import { PRIVATE_NO_STORE } from '../edge/edge-headers.js';

/**
 * `Cache-Control: private, no-store` on every response the app itself answers, unless its route
 * says otherwise: the admin, the API's writes, sessions, errors. A public page or read, a file,
 * an upload sets its own (the public read path, site/mount.ts, the routes). Nothing private is
 * then ever kept by a CDN or shared cache in front (edge/edge-headers.ts), whatever its defaults.
 */
export const privateUnlessSaid: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', PRIVATE_NO_STORE);
  next();
};
