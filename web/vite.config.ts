import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { fontSubsets } from './build-tools/font-subsets.ts';
import { sharedStyles } from './build-tools/shared-styles.ts';
import { budgets } from './build-tools/budgets.ts';

/** The content model's sources (the alias below points @consulting/model at them). */
const MODEL_SOURCES = fileURLToPath(new URL('../model/src/', import.meta.url));

/**
 * The generated GraphQL module holds every document, the admin panel's too. Shared by public and
 * admin code, it would sit whole in the public bundle; the admin panel gets its own copy instead
 * (the same file under another module id), so public pages keep only the documents they use. The
 * content model likewise: a module both import keeps every export either side uses, so the
 * admin's constants and content types would ride along in the public bundle; the admin panel
 * imports its own copy of the model (each of its modules under another id).
 */
function adminGraphQLCopy(): Plugin {
  return {
    name: 'admin-graphql-copy',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      // The enquiry form's code (loaded apart, public/contact/ContactSection.tsx) is treated alike:
      // its documents and model parts stay out of what every public page loads.
      const fromAdmin = (/\/src\/admin\//.test(importer) || /\/src\/public\/contact\/(EnquiryForm|EnquiryFields|EnquiryFormInteractive|enquiry-submission|enquiry-rules)\.tsx?$/.test(importer)) && !importer.endsWith('?admin-copy');
      const withinModelCopy = importer.startsWith(MODEL_SOURCES) && importer.endsWith('?admin-copy') && source.startsWith('.');
      // The alias has already turned @consulting/model into the model's index file.
      const shared = /graphql\/generated\/graphql$/.test(source) || source === '@consulting/model' || source === `${MODEL_SOURCES}index.ts`;
      if (!(fromAdmin && shared) && !withinModelCopy) return null;
      const resolved = await this.resolve(source, withinModelCopy ? importer.slice(0, -'?admin-copy'.length) : importer, { ...options, skipSelf: true });
      return resolved ? `${resolved.id}?admin-copy` : null;
    },
  };
}

// The API server (port 3000) serves /api, /graphql and /uploads; the dev server proxies to it.
/**
 * Writes `.br` and `.gz` beside each script, style sheet and SVG of the client build, compressed
 * once at their best levels; the server sends them as they are (api/src/site/static-assets.ts).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      const assets = path.join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const bytes = readFileSync(path.join(assets, name));
        writeFileSync(path.join(assets, `${name}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(path.join(assets, `${name}.gz`), gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** react-router's package exports always name its development build; the browser gets the production one. */
const reactRouterProduction = fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url));

const rxjsEs2015 = fileURLToPath(new URL('../node_modules/rxjs/dist/esm/index.js', import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), fontSubsets(), adminGraphQLCopy(), precompress(), sharedStyles(), budgets()],
  resolve: {
    alias: [
      // The shared content model, from its source (no separate build in dev).
      { find: /^@consulting\/model$/, replacement: fileURLToPath(new URL('../model/src/index.ts', import.meta.url)) },
      ...(command === 'build' && !isSsrBuild && existsSync(reactRouterProduction) && existsSync(rxjsEs2015)
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction },
            // rxjs (Apollo Client's observables) in its ES2015 build, not the default ES5 one with
            // tslib helpers: smaller (Apollo Client, and with it rxjs, is in the admin chunk only).
            { find: /^rxjs$/, replacement: rxjsEs2015 },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/graphql': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
  // A public page loads the boot script (entry-boot.ts), within the 40 KB budget the build checks
  // (build-tools/budgets.ts); the app's code (React, the page-data store, a slimmed Chakra UI) comes
  // when the visitor acts, and the admin panel is a separate lazy chunk. Every file is fingerprinted
  // and served with a one-year immutable cache.
  build: {
    outDir: 'dist/client',
    manifest: true,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // What a page needs at start stays one chunk: without this group, modules shared with the lazily
      // loaded HTTP link (graphql/apollo.ts) become a chunk of their own that compresses worse.
      output: { codeSplitting: { groups: [{ name: 'public', tags: ['$initial'], includeDependenciesRecursively: false }] } },
      treeshake: {
        // Chakra's theme module builds its full default config (every recipe) at load time through
        // defineConfig, an identity function; declaring it pure lets unused recipes be left out.
        manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe', 'defineTokens', 'defineSemanticTokens'],
        // @emotion/react imports hoist-non-react-statics (which requires react-is) for its side
        // effects, though only withTheme, which nothing here calls, uses it: leave both out unless used.
        moduleSideEffects: (id: string) => (/\/node_modules\/(hoist-non-react-statics|react-is)\//.test(id) ? false : undefined),
      },
    },
  },
  // The server bundle inlines the UI libraries so only the components the pages use are loaded:
  // importing @chakra-ui/react or date-fns whole costs the server seconds and hundreds of MB at start.
  ssr: { noExternal: ['@chakra-ui/react', '@ark-ui/react', /^@zag-js\//, 'lucide-react', 'date-fns'] },
}));
