import { MAX_URL_LENGTH, UPLOAD_PATH } from '../constants.js';
import { LINK_PROTOCOLS } from './document.js';

// The addresses rich text may hold: links to web pages and mail, pictures uploaded here. The check
// (check.ts) refuses any other; the renderer (render.ts) leaves any other out.

/** A link's address when it is one the site links to (http, https, mailto), else null. */
export function allowedHref(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const href = raw.trim();
  if (href.length === 0 || href.length > MAX_URL_LENGTH || /[\s\u0000-\u001F\u007F]/.test(href)) return null;
  try {
    const url = new URL(href);
    if (!(LINK_PROTOCOLS as readonly string[]).includes(url.protocol)) return null;
    if (url.protocol !== 'mailto:' && url.hostname.length === 0) return null;
    if (url.protocol === 'mailto:' && url.pathname.length === 0) return null;
  } catch {
    return null;
  }
  return href;
}

/** A picture's address when it is one of the site's uploads (`/uploads/<name>`), else null. */
export function allowedImageSource(raw: unknown): string | null {
  return typeof raw === 'string' && UPLOAD_PATH.test(raw) ? raw : null;
}
