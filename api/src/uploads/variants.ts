import { SOCIAL_IMAGE } from '@consulting/model';
import type { Logger } from 'pino';
import { imageWorker } from './image-jobs.js';
import { SOCIAL_FORMAT, VARIANT_FORMATS, VARIANT_WIDTHS, variantWidthsFor, type ImageExt, type VariantFormat } from './image-processing.js';
import { IMAGE_EXTS } from './image-types.js';
import { isStoredName, type ImageStorage } from './storage.js';
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
// Every original also has its link-preview picture `/uploads/<base>-1200x630.jpg` (the model's
// socialImageOf; OpenGraph and X cards name it): exactly 1200x630, JPEG, made by the same code
// paths at the same moments (encodeSocialImage), answered with the original while missing.
// `<x>-1200x630.<ext>` is never an original's name, and has no variants of its own.

export interface VariantName {
  base: string;
  width: number;
  format: VariantFormat;
}

const VARIANT_PATTERN = new RegExp(`^(.+)-(${VARIANT_WIDTHS.join('|')})\\.(${VARIANT_FORMATS.join('|')})$`);
/** A base ending like a variant's: `<base>-640` is a variant's base, never an original's. */
const VARIANT_SUFFIX = new RegExp(`-(${VARIANT_WIDTHS.join('|')})$`);
/** What a link-preview picture's name adds to its original's base: `-1200x630`. */
const SOCIAL_SUFFIX = `-${SOCIAL_IMAGE.width}x${SOCIAL_IMAGE.height}`;
const SOCIAL_ENDING = `${SOCIAL_SUFFIX}.${SOCIAL_FORMAT}`;

export function variantName(base: string, width: number, format: VariantFormat): string {
  return `${base}-${width}.${format}`;
}

/** The width variant a stored name is (`<base>-<w>.<fmt>`), or null (not a stored file's name, or no variant). */
export function parseVariantName(name: string): VariantName | null {
  if (!isStoredName(name)) return null;
  const match = VARIANT_PATTERN.exec(name);
  if (!match) return null;
  return { base: match[1]!, width: Number(match[2]), format: match[3] as VariantFormat };
}

/** The link-preview picture of the original `<base>.<ext>`: `<base>-1200x630.jpg` (the model's socialImageOf). */
export function socialVariantName(base: string): string {
  return `${base}${SOCIAL_ENDING}`;
}

/**
 * The base a link-preview picture's name (`<base>-1200x630.jpg`, nothing else: no other size,
 * extension or case) stands for, or null. The base may still be no original's (isOriginalBase).
 */
export function parseSocialName(name: string): { base: string } | null {
  if (!isStoredName(name) || !name.endsWith(SOCIAL_ENDING)) return null;
  return { base: name.slice(0, -SOCIAL_ENDING.length) };
}

/** The base a variant name stands for (a width variant's or the link-preview picture's), or null. */
function variantBaseOf(name: string): string | null {
  return parseVariantName(name)?.base ?? parseSocialName(name)?.base ?? null;
}

/**
 * Whether `base` can be an original's: not a variant's base (`<x>-320`, `<x>-1200x630`), so that
 * `<x>-320-640.webp` is never taken for a variant of the variant `<x>-320.webp`, nor
 * `<x>-1200x630-320.webp` for one of the link-preview picture.
 */
export function isOriginalBase(base: string): boolean {
  return !VARIANT_SUFFIX.test(base) && !base.endsWith(SOCIAL_SUFFIX);
}

/**
 * The base and type of a stored original's name; null for what is not a stored file's name, a
 * variant's name (or a variant of a variant) and a link-preview picture's.
 */
export function parseOriginalName(name: string): { base: string; ext: ImageExt } | null {
  if (!isStoredName(name) || VARIANT_PATTERN.test(name)) return null;
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

  /** The stored original `name` is a variant (or the link-preview picture) of, or null. */
  async originalOf(name: string): Promise<string | null> {
    const base = variantBaseOf(name);
    if (base === null || !isOriginalBase(base)) return null;
    const until = this.missing.get(base);
    if (until !== undefined && until > Date.now()) return null;
    for (const ext of IMAGE_EXTS) {
      const original = `${base}.${ext}`;
      if (await this.storage.has(original)) return original;
    }
    if (this.missing.size >= MISSING_LIMIT) this.missing.clear();
    this.missing.set(base, Date.now() + MISSING_TTL_MS);
    return null;
  }
}

export interface VariantsReport {
  /** Stored originals seen. */
  originals: number;
  /** Originals that were missing width variants and got them. */
  completed: number;
  /** Width variants written. */
  made: number;
  /** Link-preview pictures (`<base>-1200x630.jpg`) written, one per original that had none. */
  socialMade: number;
  /** Originals missing variants that the image code refused (damaged, over the pixel limit, over 10 MB): left as they are. */
  refused: string[];
  /**
   * Stored variants of variants (`<base>-640-320.webp`, `<base>-640-1200x630.jpg`,
   * `<base>-1200x630-320.webp`), which nothing names (written by request before this version).
   */
  strays: string[];
  /** Strays removed (with `removeStrays`). */
  removed: number;
}

/**
 * Makes the missing variants of every stored original, with the code an upload uses (the image
 * worker's prepareVariants and prepareSocialImage), writing only the variants that are not stored
 * (an original with all its width variants and no link-preview picture costs one decode, for the
 * picture alone). Originals the image code refuses are reported and left alone; a storage
 * failure (full disk, unreachable bucket) ends the run. With `removeStrays`, also deletes stored variants of variants. Safe beside a
 * running server: uploads write their variants before their original, so a listed original
 * has either all its variants or none being written.
 */
export async function makeMissingVariants(
  storage: ImageStorage,
  options: { logger?: Logger; removeStrays?: boolean } = {},
): Promise<VariantsReport> {
  const stored = new Set<string>();
  for await (const name of storage.list()) stored.add(name);
  const report: VariantsReport = { originals: 0, completed: 0, made: 0, socialMade: 0, refused: [], strays: [], removed: 0 };

  for (const name of [...stored].sort()) {
    const original = parseOriginalName(name);
    if (!original) {
      const base = variantBaseOf(name);
      if (base !== null && !isOriginalBase(base)) report.strays.push(name);
      continue;
    }
    report.originals += 1;
    const missing = allVariantNames(original.base).filter((variant) => !stored.has(variant));
    const social = socialVariantName(original.base);
    const socialMissing = !stored.has(social);
    if (missing.length === 0 && !socialMissing) continue;

    const bytes = await readOriginal(storage, name);
    if (bytes === 'gone') continue;
    let variants: Record<string, Uint8Array> = {};
    let socialBytes: Uint8Array | null = null;
    try {
      if (bytes === 'too large') throw new Error(`larger than ${MAX_IMAGE_BYTES} bytes`);
      if (missing.length > 0) variants = await imageWorker.variants(bytes, original.ext);
      if (socialMissing) socialBytes = await imageWorker.social(bytes, original.ext);
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
    if (socialBytes) {
      await storage.save(social, socialBytes);
      report.socialMade += 1;
    }
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
