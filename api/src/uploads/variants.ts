import type { Logger } from 'pino';
import { imageWorker } from './image-jobs.js';
import { VARIANT_FORMATS, VARIANT_WIDTHS, type ImageExt, type VariantFormat } from './image-processing.js';
import { IMAGE_EXTS } from './image-types.js';
import type { ImageStorage } from './storage.js';
import { MAX_IMAGE_BYTES } from './upload-limits.js';

// Resized variants (the IMAGE VARIANTS CONTRACT): `/uploads/<base>.<ext>` has
// `/uploads/<base>-<w>.<fmt>` for w in 320, 640, 1280 and fmt in webp, avif, never upscaled.
// Uploads make all six; an original stored before variants existed gets each one on its first
// request.

const MISSING_TTL_MS = 60_000;
const MISSING_LIMIT = 10_000;

export interface VariantName {
  base: string;
  width: number;
  format: VariantFormat;
}

const VARIANT_PATTERN = new RegExp(`^(.+)-(${VARIANT_WIDTHS.join('|')})\\.(${VARIANT_FORMATS.join('|')})$`);

export function variantName(base: string, width: number, format: VariantFormat): string {
  return `${base}-${width}.${format}`;
}

export function parseVariantName(name: string): VariantName | null {
  const match = VARIANT_PATTERN.exec(name);
  if (!match) return null;
  return { base: match[1]!, width: Number(match[2]), format: match[3] as VariantFormat };
}

/** Every variant name of a stored original's base name. */
export function allVariantNames(base: string): string[] {
  return VARIANT_WIDTHS.flatMap((width) => VARIANT_FORMATS.map((format) => variantName(base, width, format)));
}

/**
 * Makes missing variants of existing originals on request. Concurrent requests for one variant
 * share one generation (per instance; across instances the storage's atomic writes make a
 * duplicate harmless).
 */
export class VariantMaker {
  private readonly inflight = new Map<string, Promise<boolean>>();
  /** Bases found to have no original, and until when to believe it: a flood of made-up variant names costs one lookup each per minute. */
  private readonly missing = new Map<string, number>();

  constructor(
    private readonly storage: ImageStorage,
    private readonly logger?: Logger,
  ) {}

  /** True once the variant `name` is stored; false when it names no variant of a stored original. */
  ensure(name: string): Promise<boolean> {
    const variant = parseVariantName(name);
    if (!variant) return Promise.resolve(false);
    let job = this.inflight.get(name);
    if (!job) {
      job = this.generate(name, variant).finally(() => this.inflight.delete(name));
      this.inflight.set(name, job);
    }
    return job;
  }

  private async generate(name: string, variant: VariantName): Promise<boolean> {
    if (await this.storage.has(name)) return true;
    const original = await this.findOriginal(variant.base);
    if (!original) return false;
    try {
      const bytes = await this.read(original.name);
      if (!bytes) return false;
      await this.storage.save(name, await imageWorker.variant(bytes, original.ext, variant.width, variant.format));
      return true;
    } catch (error) {
      // A legacy original sharp refuses (over the pixel limit, damaged) simply has no variants.
      this.logger?.warn({ err: error, original: original.name }, 'could not make an image variant');
      return false;
    }
  }

  private async findOriginal(base: string): Promise<{ name: string; ext: ImageExt } | null> {
    const until = this.missing.get(base);
    if (until !== undefined && until > Date.now()) return null;
    for (const ext of IMAGE_EXTS) {
      const name = `${base}.${ext}`;
      if (await this.storage.has(name)) return { name, ext };
    }
    if (this.missing.size >= MISSING_LIMIT) this.missing.clear();
    this.missing.set(base, Date.now() + MISSING_TTL_MS);
    return null;
  }

  private async read(name: string): Promise<Buffer | null> {
    const file = await this.storage.open(name);
    if (!file) return null;
    if (file.size > MAX_IMAGE_BYTES) {
      (file.stream as NodeJS.ReadableStream & { destroy?(): void }).destroy?.();
      return null;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
}
