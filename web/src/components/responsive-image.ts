// Image variants of uploaded files (the uploads contract, api/src/uploads/variants.ts): an upload
// is stored as `/uploads/<base>-w<width>.<ext>`, its width in pixels in its name, with
// `/uploads/<base>-w<width>-<w>.<fmt>` in AVIF and WebP for each width below its own and for the
// first width at or past it (which holds the picture at its own width, never enlarged). The srcset
// names only those, each with the width it really has, so no screen is offered an upscale.
// Uploads stored before widths were named (`/uploads/<base>.<ext>`), external URLs and bundled
// assets are used as they are: nothing tells the page how wide they are.

export const VARIANT_WIDTHS = [320, 640, 1280] as const;
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const UPLOADED_RASTER = /^\/uploads\/([^?#/]+-w([1-9]\d{0,5}))\.(?:png|jpe?g|webp|avif|gif)$/i;

/** The variants an upload `sourceWidth` pixels wide has: [name width, true width], narrowest first. */
export function variantWidths(sourceWidth: number): Array<[number, number]> {
  const widths: Array<[number, number]> = VARIANT_WIDTHS.filter((w) => w < sourceWidth).map((w) => [w, w]);
  const cap = VARIANT_WIDTHS.find((w) => w >= sourceWidth);
  if (cap !== undefined) widths.push([cap, sourceWidth]);
  return widths;
}

/** `srcset` per format for an uploaded raster image, or null when the URL has no variants. */
export function variantSources(url: string): Record<VariantFormat, string> | null {
  const match = UPLOADED_RASTER.exec(url.trim());
  if (!match) return null;
  const [, base, width] = match;
  const widths = variantWidths(Number(width));
  const srcset = (format: VariantFormat) => widths.map(([name, real]) => `/uploads/${base}-${name}.${format} ${real}w`).join(', ');
  return { avif: srcset('avif'), webp: srcset('webp') };
}
