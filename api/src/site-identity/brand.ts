// The site's colours as the generated images (icons, share cards) and the web manifest use them:
// the values of the web app's brand palette (web/src/theme.ts: brand.900, accent.400), kept here
// once for the API, which does not load the web app's theme. A test checks they still match it.

/** The dark brand colour: the hero and the dark sections' background (brand.900). */
export const BRAND_DARK = '#0a1a30';
/** A step lighter (brand.800): the share card's gradient. */
export const BRAND_DARK_SOFT = '#102745';
/** The brand colour of buttons and links (brand.700): the generated mark on the share card, which is dark itself. */
export const BRAND_MID = '#17365e';
/** The gold accent of the logo and the dark sections (accent.400). */
export const BRAND_ACCENT = '#cfa446';
/** Text on the dark colour. */
export const BRAND_LIGHT = '#ffffff';
/** Secondary text on the dark colour (brand.200). */
export const BRAND_LIGHT_MUTED = '#adc3df';
/** The pages' background (the manifest's background_color: the splash screen before the page paints). */
export const PAGE_BACKGROUND = '#ffffff';

/** Which theme token each value is, for the test that compares them with web/src/theme.ts. */
export const BRAND_TOKENS = {
  'brand.900': BRAND_DARK,
  'brand.800': BRAND_DARK_SOFT,
  'brand.700': BRAND_MID,
  'brand.200': BRAND_LIGHT_MUTED,
  'accent.400': BRAND_ACCENT,
} as const;

/** Everything the images' look depends on besides the settings: part of their cache keys. */
export const BRAND_LOOK = [BRAND_DARK, BRAND_DARK_SOFT, BRAND_MID, BRAND_ACCENT, BRAND_LIGHT, BRAND_LIGHT_MUTED].join(' ');
