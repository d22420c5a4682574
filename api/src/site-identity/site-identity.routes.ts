import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Route } from '../http/route.js';
import { NotFound } from '../shared/errors.js';
import { BRAND_DARK, PAGE_BACKGROUND } from './brand.js';
import type { Identity } from './identity.js';
import { ICON_SIZES, type IconName } from './layout.js';
import { sharedPagePath, SHARE_ROOT } from './share-pages.js';
import type { GeneratedImage } from './site-images.js';
import { siteImages } from '../site/identity-images.js';

// The firm's identity as files: the favicon and app icons (GET /icons/<name>.png), the web app
// manifest (GET /site.webmanifest) and each page's share card (GET /share/<page>.png), all made
// from the site settings (site-images.ts). They are public files of the site (its header policy).
// Caching: a few minutes, revalidated by ETag (304); an icon or manifest asked for with
// `?v=<the settings' version>` (as the pages link them) is immutable for a year, since a settings
// change links a new version.

export const ICONS_ROOT = '/icons';
export const MANIFEST_PATH = '/site.webmanifest';

const SHORT_CACHE = 'public, max-age=300';
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const PNG = 'image/png';
const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';

/** The icons the manifest lists (for Android's home screen and install prompts). */
const MANIFEST_ICONS: readonly IconName[] = ['icon-192.png', 'icon-512.png'];

/** Long caching only when `?v=` names the version these bytes were made from; anything else may be older or newer. */
function cacheControlOf(req: Request, identity: Identity): string {
  const q = req.originalUrl.indexOf('?');
  const version = q === -1 ? null : new URLSearchParams(req.originalUrl.slice(q + 1)).get('v');
  return version === String(identity.version) ? IMMUTABLE_CACHE : SHORT_CACHE;
}

/** Whether If-None-Match names `etag` (or is `*`): the client's copy is current. */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends an image or file with its ETag: 304 without a body when the client has it (HEAD: the headers alone, as Express does). */
function sendGenerated(req: Request, res: Response, { body, etag }: GeneratedImage, type: string, cacheControl: string): void {
  res.set({ 'Cache-Control': cacheControl, ETag: etag });
  if (etagMatches(req.headers['if-none-match'], etag)) return void res.status(304).end();
  res.type(type).send(body);
}

/** The web app manifest of the firm (https://www.w3.org/TR/appmanifest/). */
export function webManifest(identity: Identity): Record<string, unknown> {
  return {
    name: identity.firmName,
    short_name: identity.shortName ?? identity.firmName,
    description: identity.description,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND_DARK,
    background_color: PAGE_BACKGROUND,
    icons: MANIFEST_ICONS.map((name) => ({
      src: `${ICONS_ROOT}/${name}?v=${identity.version}`,
      sizes: `${ICON_SIZES[name]}x${ICON_SIZES[name]}`,
      type: PNG,
      purpose: 'any',
    })),
  };
}

export function siteIdentityRoutes(): Route[] {
  const icons: Route[] = (Object.keys(ICON_SIZES) as IconName[]).map((name) => ({
    method: 'GET',
    path: `${ICONS_ROOT}/${name}`,
    access: 'public',
    headers: 'public',
    serve: ({ deps, reads: { feed } }) => {
      const images = siteImages(deps, feed);
      return async (req, res) => {
        const identity = await images.currentIdentity();
        const set = await images.icons(identity);
        sendGenerated(req, res, set[name], PNG, cacheControlOf(req, identity));
      };
    },
  }));
  return [
    ...icons,
    {
      method: 'GET',
      path: MANIFEST_PATH,
      access: 'public',
      headers: 'public',
      serve: ({ deps, reads: { feed } }) => {
        const images = siteImages(deps, feed);
        let made: { identity: Identity; file: GeneratedImage } | null = null;
        return async (req, res) => {
          const identity = await images.currentIdentity();
          if (made?.identity !== identity) {
            const body = Buffer.from(JSON.stringify(webManifest(identity)), 'utf8');
            made = { identity, file: { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` } };
          }
          sendGenerated(req, res, made.file, MANIFEST_TYPE, cacheControlOf(req, identity));
        };
      },
    },
    {
      method: 'GET',
      path: `${SHARE_ROOT}/{*page}`,
      access: 'public',
      headers: 'public',
      serve: ({ deps, reads: { feed } }) => {
        const images = siteImages(deps, feed);
        return async (req, res) => {
          const path = sharedPagePath(req.path);
          const card = path === null ? null : await images.card(path);
          if (!card) throw new NotFound('No page has this share image');
          sendGenerated(req, res, card, PNG, SHORT_CACHE);
        };
      },
    },
  ];
}
