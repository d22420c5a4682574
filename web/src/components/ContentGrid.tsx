import { SimpleGrid, type SimpleGridProps } from '@chakra-ui/react';

/** The card grid of the news and projects pages: 1 column on mobile, 2 on medium, 3 on large screens. */
export function ContentGrid(props: SimpleGridProps) {
  return <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={{ base: '6', md: '8' }} {...props} />;
}
