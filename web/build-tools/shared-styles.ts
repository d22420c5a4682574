import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type * as GraphQLTools from '@graphql-tools/mock';
import type { IMocks } from '@graphql-tools/mock';
import type * as GraphQL from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { Plugin } from 'vite';
import type { GraphQLExecutor, ServerEntry } from '../src/render-contract';

// The site's style sheet carries the styles every public page shares: the theme's global styles
// (reset, tokens, keyframes) and the rules of the public components. A page then inlines only the
// rules the sheet lacks (a layout its content alone asks for), so each page is a few kilobytes,
// and the sheet, fingerprinted and cached for a year, comes once per visitor. It is the sheet the
// page links anyway (the self-hosted fonts): no extra request.
//
// After the server build, the public routes are rendered with sample content (the API's schema,
// mocked: full, with every optional field empty, and with empty lists), their rules collected
// (entry-server.tsx, collectStyles), and appended to the client build's style sheet under a new
// fingerprint. The rule ids go beside the server entry, which leaves them out of the pages.

/** Every public route (App.tsx), an article's and a project's own page, a simple page, and a 404. */
const SAMPLE_ROUTES = ['/', '/team', '/news', '/clients', '/news/sample-article', '/clients/sample-project', '/sample-page', '/__sample-not-found__'];

/** A rich text holding every element the site renders, so their rules are in the sheet. */
const SAMPLE_DOCUMENT = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Sample heading' }] },
    { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Sample heading' }] },
    { type: 'heading', attrs: { level: 4 }, content: [{ type: 'text', text: 'Sample heading' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Sample ', marks: [{ type: 'bold' }] },
        { type: 'text', text: 'text', marks: [{ type: 'italic' }] },
        { type: 'hardBreak' },
        { type: 'text', text: 'a link', marks: [{ type: 'link', attrs: { href: 'https://www.example.com/' } }] },
        { type: 'text', text: 'mail', marks: [{ type: 'link', attrs: { href: 'mailto:a@example.com' } }] },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Item' }] }] }] },
    { type: 'orderedList', attrs: { start: 2 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Item' }] }] }] },
    { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Quote' }] }] },
    { type: 'image', attrs: { src: '/uploads/sample-w1280.png', alt: 'Sample' } },
  ],
};
const SCHEMA_FILE = new URL('../../api/schema.graphql', import.meta.url);

// Loaded as Node loads them: Vite's bundling of this configuration would inline graphql's ES
// build, a second copy whose schemas @graphql-tools/mock and the server entry do not recognise.
const require = createRequire(import.meta.url);
const { buildSchema, execute, getNamedType, isListType, isNonNullType, isObjectType } = require('graphql') as typeof GraphQL;
const { addMocksToSchema } = require('@graphql-tools/mock') as typeof GraphQLTools;

type Variant = 'full' | 'no optional fields' | 'empty lists';

/** Sample answers of the API for one variant: deterministic, URLs where fields hold URLs. */
function sampleSchema(schema: GraphQLSchema, variant: Variant): GraphQLSchema {
  let flip = false;
  let counter = 0;
  const mocks: IMocks = {
    String: () => 'Sample text for the style sheet',
    Int: () => (counter += 1),
    Float: () => 1.5,
    Boolean: () => (flip = !flip),
    ID: () => String((counter += 1)),
    DateTimeISO: () => '2026-01-15T09:00:00.000Z',
    RichTextDocument: () => SAMPLE_DOCUMENT,
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || type.name === 'Mutation') continue;
    const fields: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (type.name === 'Query') {
        if (variant === 'empty lists' && isListType(isNonNullType(field.type) ? field.type.ofType : field.type)) fields[field.name] = [];
      } else if (variant === 'no optional fields' && !isNonNullType(field.type)) {
        fields[field.name] = null;
      } else if (/Url$/.test(field.name) && getNamedType(field.type).name === 'String') {
        fields[field.name] = /website|link/i.test(field.name) ? 'https://www.example.com/' : '/uploads/sample.png';
      }
    }
    mocks[type.name] = () => ({ ...fields });
  }
  return addMocksToSchema({ schema, mocks, mockGenerationBehavior: 'deterministic' });
}

function executorFor(schema: GraphQLSchema): GraphQLExecutor {
  return async ({ document, variables, operationName }) => execute({ schema, document, variableValues: variables, operationName });
}

/** Renders the samples with the built server entry and returns the ids and the CSS of their rules. */
async function sampleStyles(serverEntryFile: string): Promise<{ ids: string[]; css: string }> {
  const entry = (await import(pathToFileURL(serverEntryFile).href)) as ServerEntry;
  const schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));
  const rules = new Map<string, string>();
  for (const variant of ['full', 'no optional fields', 'empty lists'] as const) {
    for (const rule of await entry.collectStyles(SAMPLE_ROUTES, executorFor(sampleSchema(schema, variant)))) {
      if (!rules.has(rule.id)) rules.set(rule.id, rule.rules);
    }
  }
  return { ids: [...rules.keys()], css: [...rules.values()].join('') };
}

/**
 * Appends the shared rules to the style sheet index.html links, under a new fingerprint, and moves
 * the link before the page's own head tags: a page's inline rules come after the shared ones, as
 * they did when all were inline (the cascade is the same). Returns the new sheet's name.
 */
function extendStyleSheet(clientDir: string, css: string): { name: string; base: string } {
  const templateFile = path.join(clientDir, 'index.html');
  const template = readFileSync(templateFile, 'utf8');
  const link = /\s*<link rel="stylesheet" crossorigin href="\/assets\/([^"]+\.css)">/.exec(template);
  if (!link) throw new Error('shared styles: index.html links no style sheet');
  const assets = path.join(clientDir, 'assets');
  const base = readFileSync(path.join(assets, link[1]), 'utf8');
  const sheet = Buffer.from(base + css);
  const name = `site-${createHash('sha256').update(sheet).digest('base64url').slice(0, 10)}.css`;
  writeFileSync(path.join(assets, name), sheet);
  writeFileSync(path.join(assets, `${name}.br`), brotliCompressSync(sheet, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: sheet.length } }));
  writeFileSync(path.join(assets, `${name}.gz`), gzipSync(sheet, { level: 9 }));
  for (const suffix of ['', '.br', '.gz']) rmSync(path.join(assets, link[1] + suffix), { force: true });

  const withoutLink = template.replace(link[0], '');
  const headTags = '<!--app-head-->';
  if (!withoutLink.includes(headTags)) throw new Error('shared styles: index.html has no <!--app-head-->');
  writeFileSync(templateFile, withoutLink.replace(headTags, `<link rel="stylesheet" crossorigin href="/assets/${name}">\n    ${headTags}`));

  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  writeFileSync(manifestFile, readFileSync(manifestFile, 'utf8').replaceAll(`assets/${link[1]}`, `assets/${name}`));
  // Chunks that load the sheet with a lazy part (the admin's editor) name it too: the new name,
  // in the chunk and in its precompressed copies, or the browser asks for a file that is gone.
  for (const file of readdirSync(assets).filter((entry) => entry.endsWith('.js'))) {
    const code = readFileSync(path.join(assets, file), 'utf8');
    if (!code.includes(`assets/${link[1]}`)) continue;
    const renamed = Buffer.from(code.replaceAll(`assets/${link[1]}`, `assets/${name}`));
    writeFileSync(path.join(assets, file), renamed);
    if (existsSync(path.join(assets, `${file}.br`))) writeFileSync(path.join(assets, `${file}.br`), brotliCompressSync(renamed, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: renamed.length } }));
    if (existsSync(path.join(assets, `${file}.gz`))) writeFileSync(path.join(assets, `${file}.gz`), gzipSync(renamed, { level: 9 }));
  }
  return { name, base };
}

/** The Vite plugin: runs after the server build (`vite build --ssr`), once the client build is there. */
export function sharedStyles(): Plugin {
  let serverDir = '';
  let clientDir = '';
  return {
    name: 'shared-styles',
    apply: 'build',
    configResolved(config) {
      if (!config.build.ssr) return;
      serverDir = path.resolve(config.root, config.build.outDir);
      clientDir = path.resolve(config.root, 'dist/client');
    },
    async closeBundle() {
      if (!serverDir) return;
      const { ids, css } = await sampleStyles(path.join(serverDir, 'entry-server.js'));
      const { name, base } = extendStyleSheet(clientDir, css);
      // `base`: the sheet's own rules (the fonts' @font-face), which a public page inlines with its
      // component rules (entry-server.tsx): public pages do not wait for the sheet to paint.
      writeFileSync(path.join(serverDir, 'shared-styles.json'), JSON.stringify({ sheet: name, ids, base: base.replace(/\s+/g, ' ').trim() }));
      console.log(`shared styles: ${ids.length} rules, ${(css.length / 1024).toFixed(1)} KiB, in ${name}`);
    },
  };
}
