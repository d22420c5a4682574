import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Caller } from '../content/collection.js';
import { InvalidImage, PayloadTooLarge, Unauthorized } from '../shared/errors.js';
import { asImageError, encodeVariant, inspectImage, reencode, variantSource, VARIANT_FORMATS, VARIANT_WIDTHS, type VariantFormat } from './image-processing.js';
import { IMAGE_TYPES } from './image-types.js';
import type { ImageStorage } from './storage.js';
import { MAX_IMAGE_BYTES, TOO_LARGE_MESSAGE } from './upload-limits.js';
import { variantName } from './variants.js';

export { MAX_IMAGE_BYTES };
export { contentTypeOf, IMAGE_TYPES } from './image-types.js';

/**
 * Stores an uploaded image and returns its public URL. Admin only. Reads at most 10 MB
 * (PayloadTooLarge past that), judges the type by the bytes (InvalidImage otherwise), then
 * stores it as saveImage does.
 */
export async function storeImage(
  source: Uint8Array | NodeJS.ReadableStream | AsyncIterable<Buffer>,
  caller: Caller,
  storage: ImageStorage,
): Promise<{ url: string }> {
  if (!caller.userId) throw new Unauthorized();
  const bytes = source instanceof Uint8Array ? Buffer.from(source) : await readAtMost(source as AsyncIterable<Buffer>, MAX_IMAGE_BYTES);
  if (bytes.length > MAX_IMAGE_BYTES) throw new PayloadTooLarge(TOO_LARGE_MESSAGE);
  return saveImage(bytes, storage);
}

/**
 * Decodes the image, refuses it when it is not one of the accepted types or over the pixel
 * limit, and stores it re-encoded under `<base>.<ext>` with its six variants. Writes nothing
 * until the image decoded in full; on any failure removes what it wrote. For trusted callers
 * too (the demo seed names its files through `base`).
 */
export async function saveImage(bytes: Uint8Array, storage: ImageStorage, base: string = randomUUID()): Promise<{ url: string }> {
  const detected = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  const type = detected && IMAGE_TYPES[detected.mime];
  if (!type) throw new InvalidImage('Please select an image file');
  await inspectImage(bytes, type.ext);

  // Decoding every pixel (scaled to the widest variant) is what proves the image whole.
  let variants: { name: string; bytes: Buffer }[];
  try {
    const source = await variantSource(bytes);
    const { width: sourceWidth = 0 } = await source.metadata();
    // Widths past the image's own are the same picture (never upscaled): encoded once.
    const encodings = new Map<string, Promise<Buffer>>();
    const encoded = (width: number, format: VariantFormat) => {
      const key = `${Math.min(width, sourceWidth)}.${format}`;
      if (!encodings.has(key)) encodings.set(key, encodeVariant(source, width, format).toBuffer());
      return encodings.get(key)!;
    };
    variants = await Promise.all(
      VARIANT_WIDTHS.flatMap((width) =>
        VARIANT_FORMATS.map(async (format) => ({ name: variantName(base, width, format), bytes: await encoded(width, format) })),
      ),
    );
  } catch (error) {
    throw asImageError(error);
  }

  const name = `${base}.${type.ext}`;
  const written: string[] = [];
  let encoderFailed = false;
  try {
    // Variants first, the original last: an original in storage always has its variants.
    for (const variant of variants) {
      written.push(variant.name);
      await storage.save(variant.name, variant.bytes);
    }
    written.push(name);
    const original = (await reencode(bytes, type.ext)).on('error', () => {
      encoderFailed = true;
    });
    await storage.save(name, original);
  } catch (error) {
    await Promise.allSettled(written.map((written) => storage.remove(written)));
    throw encoderFailed ? asImageError(error) : error;
  }
  return { url: `/uploads/${name}` };
}

async function readAtMost(source: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    // Leaving the loop stops reading; the adapter discards the rest of the request.
    if (total > limit) throw new PayloadTooLarge(TOO_LARGE_MESSAGE);
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total);
}
