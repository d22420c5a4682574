import type { BoxProps } from '@chakra-ui/react';

/**
 * How a card lays out its picture and text. `stacked`: picture on top (the grids of the list
 * pages). `compact`: on phones a small square picture beside the text, stacked from md on (the
 * landing previews, which would otherwise make the phone page very long).
 */
export type CardLayout = 'stacked' | 'compact';

export const COMPACT_THUMB_SIZES = '(min-width: 75rem) 368px, (min-width: 62rem) calc((100vw - 8rem) / 3), (min-width: 48rem) calc((100vw - 6rem) / 2), 7rem';

export function cardLayoutProps(layout: CardLayout) {
  const compact = layout === 'compact';
  return {
    card: (compact ? { flexDirection: { base: 'row', md: 'column' } } : {}) satisfies BoxProps,
    picture: (compact ? { w: { base: '28', md: 'full' }, flexShrink: 0, alignSelf: { base: 'stretch', md: 'auto' } } : {}) satisfies BoxProps,
    ratio: compact ? { base: 1, md: 16 / 9 } : 16 / 9,
    fillHeight: compact ? { base: true, md: false } : undefined,
    body: (compact ? { p: { base: '4', md: '6' }, gap: { base: '1.5', md: '3' } } : { p: '6', gap: '3' }) satisfies BoxProps,
    title: (compact ? { fontSize: { base: 'md', md: 'xl' } } : { fontSize: 'xl' }) satisfies BoxProps,
  };
}
