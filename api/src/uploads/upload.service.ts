import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fileTypeFromBuffer } from 'file-type';
import { requirePermission } from '../auth/permissions.js';
import type { Caller } from '../auth/caller.js';
import { InvalidImage } from '../shared/errors.js';
import { imageWorker } from './image-jobs.js';
import type { VariantFormat } from './image-processing.js';
import { IMAGE_TYPES } from './image-types.js';
import type { ImageStorage } from './storage.js';
import { fileTooLarge, MAX_IMAGE_BYTES } from './upload-limits.js';
import { isOriginalBase, originalName, socialVariantName, variantName } from './variants.js';
import { UPLOADS_ROOT } from '../shared/url-paths.js';

export { MAX_IMAGE_BYTES };
export { contentTypeOf, IMAGE_TYPES } from './image-types.js';

/**
 * Who may upload: an admin, by the check every admin operation starts with (Unauthorized
 * otherwise). storeImage runs it first; the readers (upload-gate.ts) run the same check before
 * reading a body, so that a refused caller costs no upload.
 */
export async function requireUploader(em: EntityManager, caller: Caller): Promise<void> {
  await requirePermission(em, caller, 'content.draft');
}

/**
 * The one upload operation (REST POST /api/upload-image, GraphQL uploadImage): stores an image
 * and returns its public URL. Admin only (requireUploader). Reads at most MAX_IMAGE_BYTES
 * (PayloadTooLarge past that), judges the type by the bytes (InvalidImage otherwise), then stores
 * it as saveImage does.
 */
export async function storeImage(
  em: EntityManager,
  caller: Caller,
  source: Uint8Array | NodeJS.ReadableStream | AsyncIterable<Buffer>,
  storage: ImageStorage,
): Promise<{ url: string }> {
  await requireUploader(em, caller);
  const bytes = source instanceof Uint8Array ? Buffer.from(source) : await readAtMost(source as AsyncIterable<Buffer>, MAX_IMAGE_BYTES);
  if (bytes.length > MAX_IMAGE_BYTES) throw fileTooLarge();
  return saveImage(bytes, storage);
}

/**
 * Decodes the image (in the image worker), refuses it when it is not one of the accepted types
 * or over the pixel limit, and stores it re-encoded under `<base>-w<width>.<ext>` (its width in
 * pixels in its name, so a page knows which variants it has: originalName) with the variants
 * that width calls for (variantWidthsFor) and its link-preview picture (`<name>-1200x630.jpg`,
 * socialVariantName), the original last. Writes nothing until the image decoded in full; on any
 * failure removes what it wrote. For trusted callers too (the demo seed names its files
 * through `base`).
 */
export async function saveImage(bytes: Uint8Array, storage: ImageStorage, base: string = randomUUID()): Promise<{ url: string }> {
  const detected = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  const type = detected && IMAGE_TYPES[detected.mime];
  if (!type) throw new InvalidImage();
  if (!isOriginalBase(base)) throw new Error(`Not an original's base name (it ends like a variant's): ${base}`);
  const prepared = await imageWorker.prepare(bytes, type.ext);

  const name = originalName(base, prepared.width, type.ext);
  const sized = name.slice(0, name.lastIndexOf('.'));
  const written: string[] = [];
  try {
    // Variants first, the original last: an original in storage always has its variants.
    for (const [key, bytes] of Object.entries(prepared.variants)) {
      const [width, format] = key.split('.') as [string, VariantFormat];
      const variant = variantName(sized, Number(width), format);
      written.push(variant);
      await storage.save(variant, bytes);
    }
    const social = socialVariantName(sized);
    written.push(social);
    await storage.save(social, prepared.social);
    written.push(name);
    await storage.save(name, prepared.original);
  } catch (error) {
    await Promise.allSettled(written.map((written) => storage.remove(written)));
    throw error;
  }
  return { url: `${UPLOADS_ROOT}/${name}` };
}

async function readAtMost(source: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    // Leaving the loop stops reading; the adapter discards the rest of the request.
    if (total > limit) throw fileTooLarge();
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total);
}
