import { AspectRatio, Box } from '@chakra-ui/react';
import { ResponsiveImage } from './ResponsiveImage';

/** Widths a card picture is shown at in the card grids (1, 2 or 3 columns in a 72rem container). */
export const CARD_IMAGE_SIZES = '(min-width: 75rem) 368px, (min-width: 62rem) calc((100vw - 8rem) / 3), (min-width: 48rem) calc((100vw - 6rem) / 2), calc(100vw - 2rem)';

/** A picture in a frame of fixed aspect ratio (no layout shift), cropped to fill. */
export function CardImage({
  src,
  alt,
  ratio = 16 / 9,
  sizes = CARD_IMAGE_SIZES,
  eager = false,
  fillHeight,
}: {
  src: string;
  alt: string;
  ratio?: number | Record<string, number>;
  sizes?: string;
  eager?: boolean;
  /** Also stretch to the height of the parent (a thumbnail beside text), per breakpoint. */
  fillHeight?: Record<string, boolean>;
}) {
  return (
    <AspectRatio
      ratio={ratio}
      bg="brand.50"
      overflow="hidden"
      h={fillHeight && Object.fromEntries(Object.entries(fillHeight).map(([at, fill]) => [at, fill ? 'full' : 'auto']))}
    >
      <Box>
        <ResponsiveImage
          src={src}
          alt={alt}
          sizes={sizes}
          eager={eager}
          width={640}
          height={Math.round(640 / (typeof ratio === 'number' ? ratio : 16 / 9))}
          w="full"
          h="full"
          objectFit="cover"
        />
      </Box>
    </AspectRatio>
  );
}
