// Image variants of uploaded files (the uploads contract): `/uploads/<base>.<ext>` has
// `/uploads/<base>-<w>.<fmt>` for each width below, in AVIF and WebP, never upscaled.
// External URLs and bundled assets have none and are used as they are.

export const VARIANT_WIDTHS = [320, 640, 1280] as const;
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const UPLOADED_RASTER = /^\/uploads\/([^?#]+)\.(?:png|jpe?g|webp|avif|gif)$/i;

/** `srcset` per format for an uploaded raster image, or null when the URL has no variants. */
export function variantSources(url: string): Record<VariantFormat, string> | null {
  const match = UPLOADED_RASTER.exec(url.trim());
  if (!match) return null;
  const base = match[1];
  const srcset = (format: VariantFormat) => VARIANT_WIDTHS.map((w) => `/uploads/${base}-${w}.${format} ${w}w`).join(', ');
  return { avif: srcset('avif'), webp: srcset('webp') };
}
