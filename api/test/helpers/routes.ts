import type { Express } from 'express';

// Every route of the live Express app, read from its router stack: tests that walk it cover a
// route added later without being touched.

export interface Route {
  method: string;
  path: string;
}

function routesOf(stack: any[], prefix = ''): Route[] {
  const routes: Route[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        for (const method of Object.keys(layer.route.methods)) {
          routes.push({ method: method.toUpperCase(), path: prefix + path });
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      routes.push(...routesOf(layer.handle.stack, prefix + mount));
    }
  }
  return routes;
}

export function appRoutes(app: Express): Route[] {
  return routesOf((app as unknown as { router: { stack: any[] } }).router.stack);
}
