import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import satori, { type Font } from 'satori';
import sharp from 'sharp';
import { PAGE_BACKGROUND } from './brand.js';
import { CARD_HEIGHT, CARD_LOGO_BOX, CARD_WIDTH, FACES, ICON_SIZES, markLayout, shareCardLayout, SUBSETS, type CardJob, type CardLogo, type IconName, type IdentityTask, type LayoutNode } from './layout.js';

// Drawing the firm's generated images (layout.ts): the app icons (from the uploaded square mark,
// or the generated mark) and the 1200x630 share cards. Text is laid out by satori into SVG paths
// with the fonts bundled from @fontsource (static WOFF files: no system font is ever asked for, the
// Docker image has none), then rasterised by sharp. Runs in the image worker process
// (uploads/image-worker.ts), one job at a time: satori's layout and libvips' memory stay out of
// the server.

/** The size the generated mark is drawn at (then scaled down for each icon). */
const MARK_SIZE = 512;
/** Bigger sources are refused by sharp before decoding (an uploaded icon is at most 10 MB anyway). */
const INPUT_PIXEL_LIMIT = 50_000_000;

let fonts: Promise<Font[]> | null = null;

/** The fonts satori sets the text in: read once per process from the @fontsource packages. */
function loadFonts(): Promise<Font[]> {
  fonts ??= (async () => {
    const require = createRequire(import.meta.url);
    const files = FACES.flatMap((face) =>
      SUBSETS.map((subset) => ({ ...face, name: `${face.name} ${subset}`, path: require.resolve(`${face.family}/files/${face.file}-${subset}-${face.weight}-normal.woff`) })),
    );
    return Promise.all(files.map(async ({ name, weight, path }) => ({ name, weight, style: 'normal' as const, data: await readFile(path) })));
  })();
  fonts.catch(() => {
    fonts = null;
  });
  return fonts;
}

/** A layout drawn: satori's SVG (text as paths), rasterised to PNG by sharp. */
async function draw(layout: LayoutNode, width: number, height: number): Promise<Buffer> {
  const svg = await satori(layout as never, { width, height, fonts: await loadFonts() });
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Every icon of the site: each size cut from `source` (the uploaded square mark, cropped to a
 * square from its centre), or from the generated mark of `initial` when there is none or it
 * cannot be read as an image. The apple touch icon is opaque (iOS shows transparency as black).
 */
export async function renderIconSet(source: Uint8Array | null, initial: string): Promise<{ icons: Record<IconName, Uint8Array>; fromSource: boolean }> {
  let base: Buffer | null = null;
  if (source) {
    try {
      base = await sharp(source, { limitInputPixels: INPUT_PIXEL_LIMIT }).rotate().resize(MARK_SIZE, MARK_SIZE, { fit: 'cover' }).png().toBuffer();
    } catch {
      base = null;
    }
  }
  const fromSource = base !== null;
  base ??= await draw(markLayout(initial, MARK_SIZE), MARK_SIZE, MARK_SIZE);
  const icons = {} as Record<IconName, Uint8Array>;
  for (const [name, size] of Object.entries(ICON_SIZES) as [IconName, number][]) {
    let image = sharp(base).resize(size, size, { fit: 'cover', kernel: 'lanczos3' });
    if (name === 'apple-touch-icon.png') image = image.flatten({ background: PAGE_BACKGROUND });
    icons[name] = await image.png({ compressionLevel: 9 }).toBuffer();
  }
  return { icons, fromSource };
}

/** A logo as the card shows it: converted to PNG and scaled into CARD_LOGO_BOX; null when it cannot be read as an image. */
async function cardLogo(bytes: Uint8Array, plate: boolean): Promise<CardLogo | null> {
  try {
    const box = plate ? { width: CARD_LOGO_BOX.width - 32, height: CARD_LOGO_BOX.height - 32 } : CARD_LOGO_BOX;
    const { data, info } = await sharp(bytes, { limitInputPixels: INPUT_PIXEL_LIMIT })
      .rotate()
      .resize(box.width * 2, box.height * 2, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    const scale = Math.min(box.width / info.width, box.height / info.height, 1);
    return { src: `data:image/png;base64,${data.toString('base64')}`, width: Math.max(1, Math.round(info.width * scale)), height: Math.max(1, Math.round(info.height * scale)), plate };
  } catch {
    return null;
  }
}

/** The share card, 1200x630 PNG. A logo that cannot be read is replaced by the mark. */
export async function renderShareCard({ firmName, title, logo }: CardJob): Promise<Uint8Array> {
  const picture = logo ? await cardLogo(logo.bytes, logo.onLight) : null;
  return draw(shareCardLayout({ firmName, title, logo: picture }), CARD_WIDTH, CARD_HEIGHT);
}


export function runIdentityTask(task: IdentityTask): Promise<unknown> {
  return task.kind === 'icons' ? renderIconSet(task.source, task.initial) : renderShareCard(task);
}
