import { readdirSync } from 'node:fs';
import { notPageSegments } from '../http/route-table.js';
import { PUBLIC_PAGE_PATHS } from '../seo/seo-files.js';

/**
 * Every first path segment the site itself uses (lower case): the route table's (the API, GraphQL,
 * uploads, the admin, health, robots.txt, ... the same set that is "not a page" before routing),
 * the public pages' (team, news, clients) and the web app's root files in `clientDir` (none when it
 * is not built). A simple page's slug may be none of them (content/pages/reserved-slugs.ts).
 */
export function siteSegments(clientDir: string): string[] {
  let rootFiles: string[] = [];
  try {
    rootFiles = readdirSync(clientDir);
  } catch {
    // The web app is not built: the API alone.
  }
  const pages = PUBLIC_PAGE_PATHS.map((page) => page.slice(1).split('/', 1)[0]);
  return [...new Set([...notPageSegments(), ...pages, ...rootFiles].map((segment) => segment.toLowerCase()).filter((segment) => segment !== ''))];
}
