/** An uploaded original: /uploads/<base>.<ext> (variants are /uploads/<base>-<w>.<fmt>, made at upload). */
const UPLOADED = /^\/uploads\/([A-Za-z0-9][A-Za-z0-9._-]*)\.[A-Za-z0-9]+$/;

/**
 * The small variant to show an image in a table: the server's 320 px WebP for an uploaded file
 * (for an older upload without variants the server redirects to the original until
 * `npm run variants` has made them); an external address is used as it is.
 */
export function thumbnailSrc(url: string): string {
  const match = UPLOADED.exec(url);
  return match ? `/uploads/${match[1]}-320.webp` : url;
}
