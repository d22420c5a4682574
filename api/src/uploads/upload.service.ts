import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Caller } from '../auth/caller.js';
import { InvalidImage, PayloadTooLarge, Unauthorized } from '../shared/errors.js';
import type { ImageStorage } from './storage.js';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Accepted images by what their bytes say they are; SVG (script-capable) is not among them. */
export const IMAGE_TYPES: Record<string, { ext: string; contentType: string }> = {
  'image/jpeg': { ext: 'jpg', contentType: 'image/jpeg' },
  'image/png': { ext: 'png', contentType: 'image/png' },
  'image/webp': { ext: 'webp', contentType: 'image/webp' },
  'image/gif': { ext: 'gif', contentType: 'image/gif' },
  'image/avif': { ext: 'avif', contentType: 'image/avif' },
};

/**
 * Stores an uploaded image and returns its public URL. Admin only. Reads at most 10 MB
 * (PayloadTooLarge past that), judges the type by the bytes (InvalidImage otherwise), and
 * writes nothing until the whole file is read and accepted.
 */
export async function storeImage(
  source: NodeJS.ReadableStream | AsyncIterable<Buffer>,
  caller: Caller,
  storage: ImageStorage,
): Promise<{ url: string }> {
  if (!caller.userId) throw new Unauthorized();
  const bytes = await readAtMost(source as AsyncIterable<Buffer>, MAX_IMAGE_BYTES);
  const detected = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  const type = detected && IMAGE_TYPES[detected.mime];
  if (!type) throw new InvalidImage('Please select an image file');
  const name = `${randomUUID()}.${type.ext}`;
  await storage.save(name, bytes);
  return { url: `/uploads/${name}` };
}

async function readAtMost(source: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    // Leaving the loop stops reading; the adapter discards the rest of the request.
    if (total > limit) throw new PayloadTooLarge('Maximum file size is 10MB');
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total);
}

/** Content type of a stored file, from the extension storeImage gave it. */
export function contentTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return Object.values(IMAGE_TYPES).find((t) => t.ext === ext)?.contentType ?? 'application/octet-stream';
}
