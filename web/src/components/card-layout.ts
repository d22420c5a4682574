import type { BoxProps } from '@chakra-ui/react';

/**
 * How a card lays out its picture and text. `stacked`: picture on top (the grids of the list
 * pages). `compact`: on phones a small square picture beside the text, stacked from md on, three
 * across (the landing previews, which would otherwise make the phone page very long).
 */
export type CardLayout = 'stacked' | 'compact';

export const COMPACT_THUMB_SIZES = '(min-width: 75rem) 368px, (min-width: 48rem) calc((100vw - 8rem) / 3), 7rem';

/**
 * The landing previews' grid: 1 column on phones, 3 from md, so 3 cards make one row at 768px as
 * at 1440px (in 2 columns the third sat alone in a second row).
 */
export const PREVIEW_COLUMNS = { base: 1, md: 3 } as const;

export function cardLayoutProps(layout: CardLayout) {
  const compact = layout === 'compact';
  return {
    card: (compact ? { flexDirection: { base: 'row', md: 'column' } } : {}) satisfies BoxProps,
    picture: (compact ? { w: { base: '28', md: 'full' }, flexShrink: 0, alignSelf: { base: 'stretch', md: 'auto' } } : {}) satisfies BoxProps,
    ratio: compact ? { base: 1, md: 16 / 9 } : 16 / 9,
    fillHeight: compact ? { base: true, md: false } : undefined,
    // Three across from md: narrower cards at md get the phone's padding and a smaller title.
    body: (compact ? { p: { base: '4', lg: '6' }, gap: { base: '1.5', md: '2', lg: '3' } } : { p: '6', gap: '3' }) satisfies BoxProps,
    title: (compact ? { fontSize: { base: 'md', md: 'lg', lg: 'xl' } } : { fontSize: 'xl' }) satisfies BoxProps,
  };
}
