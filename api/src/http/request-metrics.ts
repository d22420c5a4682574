import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { ROUTE_CLASSES, type RequestMetrics, type RouteClass } from '../ops/request-counts.js';
import { API_ROOT, GRAPHQL_PATH } from '../shared/url-paths.js';
import { routeClassOf } from './route-class.js';

// Every request the app answers, counted into RequestMetrics (ops/request-counts.ts) under its
// route class: the hit path answered before Express adds two clock reads and a few array
// increments, no listener and no string.

const STATUS_CLIENT_CLOSED = 499;

const classIndex = new Map<RouteClass, number>(ROUTE_CLASSES.map((name, index) => [name, index]));
const PAGE = classIndex.get('page')!;
const READ = classIndex.get('read')!;
const GRAPHQL = classIndex.get('graphql')!;

/** Express's entry point: `app(req, res)` calls `app.handle` (not in Express's type declarations). */
type Handled = Express & { handle(req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void): void };

const ARRIVED = Symbol('arrived');
type Timed = ServerResponse & { [ARRIVED]?: number; req: IncomingMessage & { originalUrl?: string } };

/**
 * The class of a hit answered before Express (site/public-reads.ts answers only these): a public
 * REST read, a GraphQL query, or a page (or a redirect to one). Judged from the URL's start
 * without cutting a string out of it.
 */
function earlyClass(url: string): number {
  if (url.startsWith(API_ROOT) && url.charCodeAt(API_ROOT.length) === 47 /* / */) return READ;
  if (url.startsWith(GRAPHQL_PATH)) {
    const next = url.charCodeAt(GRAPHQL_PATH.length);
    if (Number.isNaN(next) || next === 63 /* ? */ || next === 47 /* / */) return GRAPHQL;
  }
  return PAGE;
}

/**
 * Counts every request `app` answers, wrapping its entry point outermost (after
 * answerHitsBeforeExpress): a cache hit answered before Express is counted as soon as the entry
 * point returns, under the class its URL's start tells; any other when its response closes (at
 * once if it already has), under its route table row's class.
 */
export function countRequests(app: Express, metrics: RequestMetrics): void {
  const express = app as Handled;
  const handle = express.handle.bind(express);
  function closed(this: Timed): void {
    const req = this.req;
    const url = req.originalUrl ?? req.url ?? '/';
    const q = url.indexOf('?');
    const routeClass = classIndex.get(routeClassOf(req.method ?? 'GET', q === -1 ? url : url.slice(0, q)))!;
    metrics.record(routeClass, req.method, this.writableEnded ? this.statusCode : STATUS_CLIENT_CLOSED, performance.now() - this[ARRIVED]!);
  }
  express.handle = (req, res, callback) => {
    const arrived = performance.now();
    handle(req, res, callback);
    // Express gives every response it handles `res.locals`: without them, answered before Express.
    if (res.writableEnded && (res as { locals?: unknown }).locals === undefined) {
      metrics.record(earlyClass(req.url ?? '/'), req.method, res.statusCode, performance.now() - arrived);
      return;
    }
    (res as Timed)[ARRIVED] = arrived;
    if (res.writableEnded) closed.call(res as Timed);
    else res.on('close', closed);
  };
}
