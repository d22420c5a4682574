import { AspectRatio, Image } from '@chakra-ui/react';

/** A picture with its box reserved up front (no layout shift), cropped to fill. */
export function CardImage({ src, alt, ratio = 16 / 10 }: { src: string; alt: string; ratio?: number }) {
  return (
    <AspectRatio ratio={ratio} bg="brand.50" overflow="hidden">
      <Image src={src} alt={alt} loading="lazy" decoding="async" width={640} height={Math.round(640 / ratio)} objectFit="cover" />
    </AspectRatio>
  );
}
