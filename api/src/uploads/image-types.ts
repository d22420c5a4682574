import type { ImageExt } from './image-processing.js';

/** Accepted uploads by what their bytes say they are (file-type's MIME); SVG (script-capable) is not among them. */
export const IMAGE_TYPES: Record<string, { ext: ImageExt; contentType: string }> = {
  'image/jpeg': { ext: 'jpg', contentType: 'image/jpeg' },
  'image/png': { ext: 'png', contentType: 'image/png' },
  'image/webp': { ext: 'webp', contentType: 'image/webp' },
  'image/gif': { ext: 'gif', contentType: 'image/gif' },
  'image/avif': { ext: 'avif', contentType: 'image/avif' },
};

export const IMAGE_EXTS: readonly ImageExt[] = Object.values(IMAGE_TYPES).map((t) => t.ext);

/** Content type of a stored file, from the extension this app gave it. */
export function contentTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return Object.values(IMAGE_TYPES).find((t) => t.ext === ext)?.contentType ?? 'application/octet-stream';
}

/** Stored names are never reused, so every stored file is cacheable forever. */
export const STORED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
