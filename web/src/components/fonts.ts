import './fonts.css';
import serifFontUrl from '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2?url';
import sansFontUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/** The font files every page uses above the fold: preloaded from the server-rendered head. */
export const PRELOADED_FONT_URLS = [serifFontUrl, sansFontUrl];

export const HEADING_FONT_FAMILY = 'Source Serif 4 Variable';
export const BODY_FONT_FAMILY = 'Inter Variable';
