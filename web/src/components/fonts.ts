import './fonts.css';
// The core parts of the two fonts, written by build-tools/font-subsets.ts (see fonts.css).
import serifFontUrl from '@font-subsets/source-serif-4-latin-wght-normal-core.woff2?url';
import sansFontUrl from '@font-subsets/inter-latin-wght-normal-core.woff2?url';

/** The font files every page uses above the fold: preloaded from the server-rendered head. */
export const PRELOADED_FONT_URLS = [serifFontUrl, sansFontUrl];

export const HEADING_FONT_FAMILY = 'Source Serif 4 Variable';
export const BODY_FONT_FAMILY = 'Inter Variable';
