import type { Logger } from 'pino';
import { imageWorker } from './image-jobs.js';
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantWidthsFor, type ImageExt, type VariantFormat } from './image-processing.js';
import { IMAGE_EXTS } from './image-types.js';
import type { ImageStorage } from './storage.js';
import { MAX_IMAGE_BYTES } from './upload-limits.js';

// Resized variants (the IMAGE VARIANTS CONTRACT): `/uploads/<base>.<ext>` has
// `/uploads/<base>-<w>.<fmt>` for fmt in webp, avif and w in 320, 640, 1280, never upscaled.
// An upload is stored as `<base>-w<width>.<ext>` (its own width in its name: originalName) with
// the widths below its own and the first at or past it (variantWidthsFor), so the page's srcset
// names only variants that exist, each with its true width (web/src/components/responsive-image.ts).
// Originals stored before this (no width in the name) may have all six. Variants are written by
// the upload (before the original) and, for originals stored without them, by `npm run variants`
// (makeMissingVariants). A request never writes one: a missing variant of a stored original is
// answered with the original (upload.routes.ts).

export interface VariantName {
  base: string;
  width: number;
  format: VariantFormat;
}

const VARIANT_PATTERN = new RegExp(`^(.+)-(${VARIANT_WIDTHS.join('|')})\\.(${VARIANT_FORMATS.join('|')})$`);
/** A base ending like a variant's: `<base>-640` is a variant's base, never an original's. */
const VARIANT_SUFFIX = new RegExp(`-(${VARIANT_WIDTHS.join('|')})$`);

export function variantName(base: string, width: number, format: VariantFormat): string {
  return `${base}-${width}.${format}`;
}

export function parseVariantName(name: string): VariantName | null {
  const match = VARIANT_PATTERN.exec(name);
  if (!match) return null;
  return { base: match[1]!, width: Number(match[2]), format: match[3] as VariantFormat };
}

/**
 * Whether `base` can be an original's: not a variant's base (`<x>-320`), so that
 * `<x>-320-640.webp` is never taken for a variant of the variant `<x>-320.webp`.
 */
export function isOriginalBase(base: string): boolean {
  return !VARIANT_SUFFIX.test(base);
}

/** The base and type of a stored original's name; null for a variant's name (or a variant of a variant). */
export function parseOriginalName(name: string): { base: string; ext: ImageExt } | null {
  if (VARIANT_PATTERN.test(name)) return null;
  const dot = name.lastIndexOf('.');
  const base = name.slice(0, dot);
  const ext = name.slice(dot + 1) as ImageExt;
  if (dot <= 0 || !IMAGE_EXTS.includes(ext) || !isOriginalBase(base)) return null;
  return { base, ext };
}

/** An upload's stored name: `<base>-w<width>.<ext>`, its width (in pixels) in its name. */
export function originalName(base: string, width: number, ext: ImageExt): string {
  return `${base}-w${width}.${ext}`;
}

const WIDTH_SUFFIX = /-w([1-9]\d{0,5})$/;

/** The width an original's base name states (`<base>-w480`), or null (stored before widths were named). */
export function widthOfBase(base: string): number | null {
  const match = WIDTH_SUFFIX.exec(base);
  return match ? Number(match[1]) : null;
}

/**
 * The variant names a stored original's base name has: those of its stated width
 * (variantWidthsFor), or all six for a name without a width.
 */
export function allVariantNames(base: string): string[] {
  const width = widthOfBase(base);
  const widths = width === null ? VARIANT_WIDTHS : variantWidthsFor(width);
  return widths.flatMap((w) => VARIANT_FORMATS.map((format) => variantName(base, w, format)));
}

const MISSING_TTL_MS = 60_000;
const MISSING_LIMIT = 10_000;

/**
 * Finds the original a variant name stands for (reads only). A name that is no variant, or a
 * variant of a variant, costs no lookup; a base without an original is remembered for a minute
 * (bounded), so a flood of made-up variant names costs one lookup per extension per minute.
 */
export class OriginalLookup {
  private readonly missing = new Map<string, number>();

  constructor(private readonly storage: ImageStorage) {}

  /** The stored original `name` is a variant of, or null. */
  async originalOf(name: string): Promise<string | null> {
    const variant = parseVariantName(name);
    if (!variant || !isOriginalBase(variant.base)) return null;
    const until = this.missing.get(variant.base);
    if (until !== undefined && until > Date.now()) return null;
    for (const ext of IMAGE_EXTS) {
      const original = `${variant.base}.${ext}`;
      if (await this.storage.has(original)) return original;
    }
    if (this.missing.size >= MISSING_LIMIT) this.missing.clear();
    this.missing.set(variant.base, Date.now() + MISSING_TTL_MS);
    return null;
  }
}

export interface VariantsReport {
  /** Stored originals seen. */
  originals: number;
  /** Originals that were missing variants and got them. */
  completed: number;
  /** Variants written. */
  made: number;
  /** Originals missing variants that the image code refused (damaged, over the pixel limit, over 10 MB): left as they are. */
  refused: string[];
  /** Stored variants of variants (`<base>-640-320.webp`), which nothing names (written by request before this version). */
  strays: string[];
  /** Strays removed (with `removeStrays`). */
  removed: number;
}

/**
 * Makes the missing variants of every stored original, with the code an upload uses (the image
 * worker's prepareVariants), writing only the variants that are not stored. Originals the image
 * code refuses are reported and left alone; a storage failure (full disk, unreachable bucket)
 * ends the run. With `removeStrays`, also deletes stored variants of variants. Safe beside a
 * running server: uploads write their variants before their original, so a listed original
 * has either all its variants or none being written.
 */
export async function makeMissingVariants(
  storage: ImageStorage,
  options: { logger?: Logger; removeStrays?: boolean } = {},
): Promise<VariantsReport> {
  const stored = new Set<string>();
  for await (const name of storage.list()) stored.add(name);
  const report: VariantsReport = { originals: 0, completed: 0, made: 0, refused: [], strays: [], removed: 0 };

  for (const name of [...stored].sort()) {
    const original = parseOriginalName(name);
    if (!original) {
      const variant = parseVariantName(name);
      if (variant && !isOriginalBase(variant.base)) report.strays.push(name);
      continue;
    }
    report.originals += 1;
    const missing = allVariantNames(original.base).filter((variant) => !stored.has(variant));
    if (missing.length === 0) continue;

    const bytes = await readOriginal(storage, name);
    if (bytes === 'gone') continue;
    let variants: Record<string, Uint8Array>;
    try {
      if (bytes === 'too large') throw new Error(`larger than ${MAX_IMAGE_BYTES} bytes`);
      variants = await imageWorker.variants(bytes, original.ext);
    } catch (error) {
      options.logger?.warn({ original: name, reason: (error as Error).message }, 'could not make the variants of an image');
      report.refused.push(name);
      continue;
    }
    // A name without a width expects all six; its image makes those its width calls for, and
    // the rest stay unmade (a request for one gets the original).
    const makeable = missing.filter((variant) => {
      const { width, format } = parseVariantName(variant)!;
      return variants[`${width}.${format}`] !== undefined;
    });
    for (const variant of makeable) {
      const { width, format } = parseVariantName(variant)!;
      await storage.save(variant, variants[`${width}.${format}`]!);
      report.made += 1;
    }
    if (makeable.length > 0) report.completed += 1;
  }

  if (options.removeStrays) {
    for (const stray of report.strays) {
      await storage.remove(stray);
      report.removed += 1;
    }
  }
  return report;
}

async function readOriginal(storage: ImageStorage, name: string): Promise<Buffer | 'gone' | 'too large'> {
  const file = await storage.open(name);
  if (!file) return 'gone';
  if (file.size > MAX_IMAGE_BYTES) {
    (file.stream as NodeJS.ReadableStream & { destroy?(): void }).destroy?.();
    return 'too large';
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
