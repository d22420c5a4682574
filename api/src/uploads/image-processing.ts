import { SOCIAL_IMAGE } from '@consulting/model';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { InvalidImage } from '../shared/errors.js';
import { MAX_IMAGE_PIXELS } from './upload-limits.js';

// Every stored image is decoded and re-encoded here (sharp/libvips): what is served is pixels
// this server wrote, never the bytes a client sent, so trailers (HTML, scripts), metadata (EXIF
// with GPS, camera serials) and parser tricks do not survive. Animated GIF/WebP/AVIF keep their
// first frame only: AVIF variants cannot animate, and one frame bounds the pixel count.
// The server runs these in a child process (image-worker.ts, image-jobs.ts).

export type ImageExt = 'jpg' | 'png' | 'webp' | 'gif' | 'avif';
export type VariantFormat = 'webp' | 'avif';

export const VARIANT_WIDTHS = [320, 640, 1280] as const;
export const VARIANT_FORMATS: readonly VariantFormat[] = ['webp', 'avif'];

/**
 * The variant widths made for a source `sourceWidth` pixels wide: each width below it, and the
 * first one at or past it, which holds the picture at its own width (never enlarged). A 480 px
 * source has 320 and 640 (the 640 one 480 px wide); nothing past that is made, so no stored
 * variant is a copy named wider than its source.
 */
export function variantWidthsFor(sourceWidth: number): number[] {
  const below = VARIANT_WIDTHS.filter((width) => width < sourceWidth);
  const cap = VARIANT_WIDTHS.find((width) => width >= sourceWidth);
  return cap === undefined ? below : [...below, cap];
}

/**
 * The link-preview picture (OpenGraph and X cards, the model's socialImageOf): always JPEG (what
 * every crawler reads), at exactly SOCIAL_IMAGE (1200x630).
 */
export const SOCIAL_FORMAT = 'jpg';

/** libvips' own name for each accepted format (AVIF is a HEIF container). */
const LIBVIPS_FORMAT: Record<ImageExt, string> = { jpg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' };

const decodeOptions: SharpOptions = {
  limitInputPixels: MAX_IMAGE_PIXELS,
  // Abort on broken pixel data, not on the harmless warnings many camera files carry.
  failOn: 'error',
  // First frame only (see above).
  pages: 1,
  autoOrient: true,
};

// Loaded on first use: libvips costs ~30 MB of memory that a process which never sees an upload
// does not need. Its operation cache is off: each image is processed once, so cached pixels
// would only hold memory.
let library: Promise<typeof import('sharp')['default']> | undefined;
function loadSharp() {
  library ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return library;
}

export const tooLarge = () => new InvalidImage('Image dimensions are too large');
const notAnImage = () => new InvalidImage();

/**
 * Reads the header (no pixels decoded) and refuses what cannot be stored: another format than
 * the bytes claimed, or more than MAX_IMAGE_PIXELS in one frame.
 */
export async function inspectImage(bytes: Uint8Array, ext: ImageExt): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw notAnImage();
  }
  if (metadata.format !== LIBVIPS_FORMAT[ext] || !metadata.width || !metadata.height) throw notAnImage();
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * frameHeight > MAX_IMAGE_PIXELS) throw tooLarge();
  return { width: metadata.width, height: frameHeight };
}

/** The image as this server stores it: same format, orientation applied, metadata gone. */
export async function reencode(bytes: Uint8Array, ext: ImageExt): Promise<Sharp> {
  const sharp = await loadSharp();
  const image = sharp(bytes, decodeOptions);
  switch (ext) {
    case 'jpg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9 });
    case 'webp':
      return image.webp({ quality: 85 });
    case 'gif':
      return image.gif();
    case 'avif':
      return image.avif({ quality: 60, effort: 2 });
  }
}

/** Pixels at most `width` wide (never upscaled), in a variant format. */
export function encodeVariant(source: Sharp, width: number, format: VariantFormat): Sharp {
  const resized = source.clone().resize({ width, withoutEnlargement: true });
  // AVIF effort 2: within a few percent of the default's size at a fraction of its time.
  return format === 'webp' ? resized.webp({ quality: 80 }) : resized.avif({ quality: 55, effort: 2 });
}

/**
 * The link-preview picture: exactly SOCIAL_IMAGE (1200x630) whatever the source's size and shape,
 * so a page's `og:image:width`/`height` are always true and previews get the size they ask for.
 * Cropped to fill (`cover`) around what draws the eye (libvips' attention strategy: skin tones,
 * saturated colour, edges; a team photo keeps its faces where a centred crop cuts them), a small
 * source enlarged to fill it (bounded: the output is 0.76 megapixels whatever the input). JPEG,
 * quality 82, progressive (mozjpeg's encoder settings), transparency on white, no metadata
 * (sharp writes none unless asked). One decode of the upload (JPEG and WebP shrink on load).
 */
export async function encodeSocialImage(bytes: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp();
  return sharp(bytes, decodeOptions)
    .resize({ width: SOCIAL_IMAGE.width, height: SOCIAL_IMAGE.height, fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, progressive: true, mozjpeg: true })
    .toBuffer();
}

/**
 * A decoded source for variants: the upload scaled down to the widest variant once (JPEG and
 * WebP decode at reduced size for this), so each variant resizes a small image.
 */
export async function variantSource(bytes: Uint8Array): Promise<Sharp> {
  const sharp = await loadSharp();
  const widest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1];
  const { data, info } = await sharp(bytes, decodeOptions)
    .resize({ width: widest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/** sharp's failures as the upload errors a client understands. */
export function asImageError(error: unknown): Error {
  if (error instanceof InvalidImage) return error;
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooLarge();
  return notAnImage();
}

export interface PreparedImage {
  /** The re-encoded original. */
  original: Uint8Array;
  /** The original's width in pixels (orientation applied): its stored name carries it. */
  width: number;
  /** `<width>.<format>` (e.g. `640.avif`) for every variant made (variantWidthsFor). */
  variants: Record<string, Uint8Array>;
  /** The link-preview picture (encodeSocialImage). */
  social: Uint8Array;
}

/**
 * `<width>.<format>` (e.g. `640.avif`) for the variant widths of the source's width
 * (variantWidthsFor), from one decode (scaled to the widest variant).
 */
async function encodeVariants(bytes: Uint8Array): Promise<Record<string, Uint8Array>> {
  const source = await variantSource(bytes);
  const { width: sourceWidth = 0 } = await source.metadata();
  const variants: Record<string, Uint8Array> = {};
  // One after another: one image's work at a time keeps the worker's memory small.
  for (const width of variantWidthsFor(sourceWidth)) {
    for (const format of VARIANT_FORMATS) variants[`${width}.${format}`] = await encodeVariant(source, width, format).toBuffer();
  }
  return variants;
}

/**
 * Everything an upload stores, or InvalidImage: checks the header (format, pixel limit),
 * decodes every pixel (scaled to the widest variant), encodes the variants its width calls for
 * (variantWidthsFor), the link-preview picture and the re-encoded original.
 */
export async function prepareImage(bytes: Uint8Array, ext: ImageExt): Promise<PreparedImage> {
  await inspectImage(bytes, ext);
  try {
    const variants = await encodeVariants(bytes);
    const social = await encodeSocialImage(bytes);
    const { data: original, info } = await (await reencode(bytes, ext)).toBuffer({ resolveWithObject: true });
    return { original, width: info.width, variants, social };
  } catch (error) {
    throw asImageError(error);
  }
}

/**
 * The variants of a stored original, as an upload makes them (for originals stored before
 * variants existed: `npm run variants`), or InvalidImage.
 */
export async function prepareVariants(bytes: Uint8Array, ext: ImageExt): Promise<Record<string, Uint8Array>> {
  await inspectImage(bytes, ext);
  try {
    return await encodeVariants(bytes);
  } catch (error) {
    throw asImageError(error);
  }
}

/**
 * The link-preview picture of a stored original, as an upload makes it (for originals stored
 * without one: `npm run variants`), or InvalidImage.
 */
export async function prepareSocialImage(bytes: Uint8Array, ext: ImageExt): Promise<Uint8Array> {
  await inspectImage(bytes, ext);
  try {
    return await encodeSocialImage(bytes);
  } catch (error) {
    throw asImageError(error);
  }
}
