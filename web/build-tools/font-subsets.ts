import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

// The site's two variable fonts (@fontsource-variable's Latin files, every weight), each split in
// two at build time with HarfBuzz's subsetter (subset-font): a core file with the characters the
// pages use in practice, which the server-rendered head preloads, and the rest of the font's
// Latin range in a second file that components/fonts.css declares with its own unicode-range, so
// a browser fetches it only for a page that holds one of those characters. Outlines, metrics,
// hinting, the weight axis and every OpenType feature are kept as they are (all GSUB/GPOS
// features, with the glyphs they reach), so text renders as it did from the whole file.
//
// The files are written to web/node_modules/.font-subsets before the build (and the dev server)
// starts; fonts.css and fonts.ts name them through the `@font-subsets/` alias, and Vite
// fingerprints them into dist/client/assets like any asset. Deterministic, no network.

/** What fonts.css and fonts.ts import the generated files as. */
export const FONT_SUBSETS_PREFIX = '@font-subsets/';

/**
 * The core characters: printable ASCII (with the C0 controls and DEL, which have no glyph but
 * would otherwise send a browser for the second file), the no-break space and soft hyphen, © ® ·,
 * é (names such as the demo team's Chloé), the typographer's dashes, quotes, bullet and ellipsis,
 * € ™, the pager's ‹ › (layout/Pager.tsx), and the byte order mark. The other Latin-1 letters
 * and signs cost 100-700 bytes each per font (measured) and are rare on an English site: they are
 * in the second file.
 */
const CORE: Array<[number, number]> = [
  [0x0000, 0x007f],
  [0x00a0, 0x00a0],
  [0x00a9, 0x00a9],
  [0x00ad, 0x00ae],
  [0x00b7, 0x00b7],
  [0x00e9, 0x00e9],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0xfeff, 0xfeff],
];

/** @fontsource's unicode-range of its `latin` files: what the two files together cover. */
const LATIN: Array<[number, number]> = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/** The fonts split: the @fontsource file, and the name the two parts are written under (`<name>-core.woff2`, `<name>-rest.woff2`). */
const FONTS = [
  { source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', name: 'inter-latin-wght-normal' },
  { source: '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2', name: 'source-serif-4-latin-wght-normal' },
];

const codePoints = (ranges: Array<[number, number]>): Set<number> => {
  const set = new Set<number>();
  for (const [first, last] of ranges) for (let c = first; c <= last; c += 1) set.add(c);
  return set;
};

/** Code points as a CSS unicode-range value: `U+0-7F, U+A0, ...`. */
export function unicodeRange(points: Iterable<number>): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const ranges: Array<[number, number]> = [];
  for (const c of sorted) {
    const last = ranges.at(-1);
    if (last && last[1] === c - 1) last[1] = c;
    else ranges.push([c, c]);
  }
  const hex = (c: number) => c.toString(16).toUpperCase();
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

/** The two parts' code points: the core ones, and the rest of @fontsource's Latin range. */
export function subsetRanges(): { core: number[]; rest: number[] } {
  const core = codePoints(CORE);
  return { core: [...core], rest: [...codePoints(LATIN)].filter((c) => !core.has(c)) };
}

type SubsetFont = (font: Buffer, text: string, options: { targetFormat: 'woff2' }) => Promise<Buffer>;

const require = createRequire(import.meta.url);

/**
 * Writes the two parts of each font into `dir`, unless they are there already from the same
 * sources, ranges and subsetter (a stamp file records which). Returns the files' sizes.
 */
export async function writeFontSubsets(dir: string): Promise<Array<{ file: string; bytes: number }>> {
  const { core, rest } = subsetRanges();
  const sources = FONTS.map((font) => ({ ...font, bytes: readFileSync(require.resolve(font.source)) }));
  const subsetter = require.resolve('subset-font/package.json');
  const key = createHash('sha256')
    .update(JSON.stringify({ core, rest, version: (JSON.parse(readFileSync(subsetter, 'utf8')) as { version: string }).version }))
    .update(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm', { paths: [path.dirname(subsetter)] })))
    .update(Buffer.concat(sources.map((font) => font.bytes)))
    .digest('hex');
  const stampFile = path.join(dir, 'stamp.json');
  const files = sources.flatMap((font) => [`${font.name}-core.woff2`, `${font.name}-rest.woff2`]);
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { key: string; sizes: Array<{ file: string; bytes: number }> };
    if (stamp.key === key && files.every((file) => readFileSync(path.join(dir, file)).length === stamp.sizes.find((s) => s.file === file)?.bytes)) return stamp.sizes;
  } catch {
    // No stamp, or a file missing: write them.
  }

  const subsetFont = require('subset-font') as SubsetFont;
  mkdirSync(dir, { recursive: true });
  const sizes: Array<{ file: string; bytes: number }> = [];
  for (const font of sources) {
    for (const [part, points] of [['core', core], ['rest', rest]] as const) {
      const bytes = await subsetFont(font.bytes, String.fromCodePoint(...points), { targetFormat: 'woff2' });
      const file = `${font.name}-${part}.woff2`;
      // Written whole, then renamed: a concurrent build never reads half a file.
      writeFileSync(path.join(dir, `${file}.tmp`), bytes);
      renameSync(path.join(dir, `${file}.tmp`), path.join(dir, file));
      sizes.push({ file, bytes: bytes.length });
    }
  }
  writeFileSync(stampFile, JSON.stringify({ key, sizes }));
  return sizes;
}

/**
 * The Vite plugin: writes the parts before the build (client and server) or the dev server
 * starts, and points the `@font-subsets/` alias at them.
 */
export function fontSubsets(): Plugin {
  let dir = '';
  let logged = false;
  return {
    name: 'font-subsets',
    // Before Vite's CSS plugin, which turns the files' names into asset URLs: the check sees them.
    enforce: 'pre',
    config(config) {
      dir = path.resolve(config.root ?? process.cwd(), 'node_modules/.font-subsets');
      return { resolve: { alias: [{ find: /^@font-subsets\//, replacement: `${dir}/` }] } };
    },
    async buildStart() {
      const sizes = await writeFontSubsets(dir);
      if (logged) return;
      logged = true;
      console.log(`font subsets: ${sizes.map(({ file, bytes }) => `${file} ${bytes} B`).join(', ')}`);
    },
    transform(code, id) {
      if (/\.css(\?|$)/.test(id) && code.includes(FONT_SUBSETS_PREFIX)) checkUnicodeRanges(code, id);
      return null;
    },
  };
}

/**
 * A style sheet's @font-face rules that name a part must give it the part's unicode-range: else a
 * browser would ask the core file for characters it lacks, or fetch the second file needlessly.
 */
function checkUnicodeRanges(css: string, id: string): void {
  const { core, rest } = subsetRanges();
  const expected = { core: unicodeRange(core), rest: unicodeRange(rest) };
  for (const [face] of css.matchAll(/@font-face\s*\{[^}]*\}/g)) {
    const part = /@font-subsets\/[^'")]+-(core|rest)\.woff2/.exec(face)?.[1] as 'core' | 'rest' | undefined;
    if (!part) continue;
    const range = /unicode-range:\s*([^;}]+)/.exec(face)?.[1].trim();
    if (range !== expected[part]) throw new Error(`font subsets: ${id}: the ${part} part's unicode-range must be ${expected[part]}, not ${range ?? '(none)'}`);
  }
}
