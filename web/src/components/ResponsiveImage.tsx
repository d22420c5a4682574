import { Image, type ImageProps } from '@chakra-ui/react';
import { VARIANT_FORMATS, variantSources } from './responsive-image';

export interface ResponsiveImageProps extends Omit<ImageProps, 'src' | 'alt' | 'sizes' | 'loading'> {
  src: string;
  alt: string;
  /** The width the image is shown at, per layout (the `sizes` attribute). */
  sizes: string;
  /** Above the fold: load at once with high priority. Otherwise lazily, when scrolled near. */
  eager?: boolean;
}

/**
 * An image served at the size it is shown: uploaded images as AVIF/WebP variants picked by the
 * browser from `sizes`, anything else as it is. Give it a frame of fixed size or aspect ratio (or
 * width/height) so nothing moves when it loads.
 */
export function ResponsiveImage({ src, alt, sizes, eager = false, ...rest }: ResponsiveImageProps) {
  const image = (
    <Image
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      {...rest}
    />
  );
  const sources = variantSources(src);
  if (!sources) return image;
  return (
    <picture style={{ display: 'contents' }}>
      {VARIANT_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={sources[format]} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
