import { BRAND_ACCENT, BRAND_DARK, BRAND_MID, BRAND_DARK_SOFT, BRAND_LIGHT, BRAND_LIGHT_MUTED, PAGE_BACKGROUND } from './brand.js';

// What the firm's generated images look like, as data: the icons' sizes, the generated mark (the
// firm name's initial on the brand colour) and the share card's layout (logo, name, the page's
// title), in the plain-object element form satori lays out (render.ts draws them in the image
// worker). Free of satori and sharp, so the server can name sizes and jobs without loading them.

/** The icons the site serves (GET /icons/<name>) and their sizes in pixels. */
export const ICON_SIZES = {
  'favicon-32.png': 32,
  'apple-touch-icon.png': 180,
  'icon-192.png': 192,
  'icon-512.png': 512,
} as const;

export type IconName = keyof typeof ICON_SIZES;

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** A title takes at most this many lines on a card; the rest is cut with an ellipsis. */
export const CARD_TITLE_LINES = 3;
/** A node of the layout satori draws: an element, its style and children (satori's plain-object form of a React element). */
export interface LayoutNode {
  type: 'div' | 'img';
  props: { style?: Record<string, unknown>; children?: (LayoutNode | string)[] | string; src?: string; width?: number; height?: number };
}

/** The @fontsource subsets loaded: together they cover Latin (with its extensions), Greek, Cyrillic and Vietnamese. */
export const SUBSETS = ['latin', 'latin-ext', 'greek', 'cyrillic', 'vietnamese'] as const;
export const FACES: { name: string; family: string; file: string; weight: 400 | 600 }[] = [
  { name: 'Inter', family: '@fontsource/inter', file: 'inter', weight: 400 },
  { name: 'Inter', family: '@fontsource/inter', file: 'inter', weight: 600 },
  { name: 'Serif', family: '@fontsource/source-serif-4', file: 'source-serif-4', weight: 600 },
];

/**
 * A CSS font-family list naming every subset of a face (`Inter latin, Inter latin-ext, ...`):
 * satori keeps one font per name and weight, and takes a glyph the first font lacks from the
 * next one in the list.
 */
const family = (name: string) => SUBSETS.map((subset) => `'${name} ${subset}'`).join(', ');

/** The font-family lists of the heading serif (Source Serif 4) and the text sans-serif (Inter), every subset of each. */
const SERIF = family('Serif');
const SANS = family('Inter');

const div = (style: Record<string, unknown>, children: (LayoutNode | string)[] | string = []): LayoutNode => ({ type: 'div', props: { style, children } });

/** The first letter or digit of the firm's name, upper case ('?' when it has none): the generated mark's letter. */
export function initialOf(firmName: string): string {
  const found = /[\p{L}\p{N}]/u.exec(firmName);
  return found ? found[0].toLocaleUpperCase() : '?';
}

/**
 * The generated mark, `size` pixels square: the initial in the heading serif on the dark brand
 * colour, over a short bar of the logo's gold.
 */
export function markLayout(initial: string, size: number, radius = 0, background = BRAND_DARK): LayoutNode {
  return div(
    {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      width: size,
      height: size,
      borderRadius: radius,
      backgroundColor: background,
    },
    [
      div({ display: 'flex', fontFamily: SERIF, fontWeight: 600, fontSize: size * 0.6, lineHeight: 1, color: BRAND_LIGHT, marginTop: size * 0.02 }, initial),
      div({ display: 'flex', width: size * 0.36, height: size * 0.055, marginTop: size * 0.01, borderRadius: size * 0.03, backgroundColor: BRAND_ACCENT }),
    ],
  );
}

/** A logo ready for the card: a PNG data URI and its size on the card; `plate`: drawn on a light plate (a logo for light backgrounds). */
export interface CardLogo {
  src: string;
  width: number;
  height: number;
  plate: boolean;
}

export interface CardInput {
  firmName: string;
  title: string;
  /** The firm's logo; null: the generated mark of `initial`. */
  logo: CardLogo | null;
}

/** The logo's box on the card (it is scaled into it, keeping its shape). */
export const CARD_LOGO_BOX = { width: 360, height: 96 } as const;
const MARK_ON_CARD = 96;
const PADDING = 80;

/** The title's type size: large for a short title, smaller for a long one (which wraps, at most three lines). */
function titleSize(title: string): number {
  if (title.length <= 40) return 76;
  if (title.length <= 90) return 64;
  return 54;
}

/**
 * The share card as satori lays it out: the logo (or the mark) and the firm's name at the top, a
 * gold rule, then the page's title in the heading serif (at most three lines, an ellipsis after).
 * Exported so a test can read its text (the PNG's cannot be read back).
 */
export function shareCardLayout({ firmName, title, logo }: CardInput): LayoutNode {
  const picture: LayoutNode = logo
    ? logo.plate
      ? div({ display: 'flex', padding: 16, borderRadius: 12, backgroundColor: PAGE_BACKGROUND }, [{ type: 'img', props: { src: logo.src, width: logo.width, height: logo.height } }])
      : { type: 'img', props: { src: logo.src, width: logo.width, height: logo.height } }
    : markLayout(initialOf(firmName), MARK_ON_CARD, 16, BRAND_MID);
  const size = titleSize(title);
  return div(
    {
      display: 'flex',
      flexDirection: 'column',
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      padding: PADDING,
      backgroundColor: BRAND_DARK,
      backgroundImage: `linear-gradient(135deg, ${BRAND_DARK} 0%, ${BRAND_DARK} 55%, ${BRAND_DARK_SOFT} 100%)`,
      color: BRAND_LIGHT,
      fontFamily: SANS,
    },
    [
      div({ display: 'flex', alignItems: 'center' }, [
        picture,
        div(
          { display: 'flex', marginLeft: 28, maxWidth: CARD_WIDTH - 2 * PADDING - 28 - (logo ? logo.width + (logo.plate ? 32 : 0) : MARK_ON_CARD), fontSize: 36, fontWeight: 600, color: BRAND_LIGHT, lineHeight: 1.2 },
          firmName,
        ),
      ]),
      div({ display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center' }, [
        div({ display: 'flex', width: 120, height: 6, marginBottom: 32, borderRadius: 3, backgroundColor: BRAND_ACCENT }),
        div(
          {
            display: 'block',
            width: CARD_WIDTH - 2 * PADDING,
            fontFamily: SERIF,
            fontWeight: 600,
            fontSize: size,
            lineHeight: 1.18,
            color: BRAND_LIGHT,
            lineClamp: CARD_TITLE_LINES,
          },
          title,
        ),
      ]),
      div({ display: 'flex', width: 64, height: 4, backgroundColor: BRAND_LIGHT_MUTED, opacity: 0.35 }),
    ],
  );
}

/** Every text of a layout, in order (tests: what the card says). */
export function layoutTexts(node: LayoutNode | string): string[] {
  if (typeof node === 'string') return [node];
  const { children } = node.props;
  if (children === undefined) return [];
  if (typeof children === 'string') return [children];
  return children.flatMap(layoutTexts);
}

export interface CardJob {
  firmName: string;
  title: string;
  /** The logo's bytes; `onLight`: a logo made for light backgrounds (drawn on a plate). Null: the mark. */
  logo: { bytes: Uint8Array; onLight: boolean } | null;
}

/** A job for the image worker: the icon set, or a share card. */
export type IdentityTask = { kind: 'icons'; source: Uint8Array | null; initial: string } | ({ kind: 'card' } & CardJob);
