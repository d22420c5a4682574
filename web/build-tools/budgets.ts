import path from 'node:path';
import type { Plugin } from 'vite';
import { publicJsWeight } from './js-weight.ts';

/**
 * The most JavaScript a public page may load before the visitor acts, brotli-compressed, in
 * decimal kilobytes: the boot script and what it imports statically (web/src/entry-boot.ts). The
 * app's code comes on the first interaction. The end-to-end tests hold the same figure in the
 * browser (e2e/public-read-path.test.ts).
 */
export const PUBLIC_JS_BUDGET_BYTES = 40 * 1000;

/** Fails the client build when the public pages' JavaScript is over its budget. */
export function budgets(): Plugin {
  let webDist = '';
  return {
    name: 'budgets',
    apply: 'build',
    configResolved(config) {
      webDist = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir, '..');
    },
    closeBundle() {
      if (!webDist) return;
      const weight = publicJsWeight(webDist);
      const over = Math.max(weight.brotli, weight.gzip) > PUBLIC_JS_BUDGET_BYTES;
      const figure = `public JavaScript: ${weight.brotli} B brotli, ${weight.gzip} B gzip (${weight.files.length} files; budget ${PUBLIC_JS_BUDGET_BYTES} B)`;
      if (over) throw new Error(`${figure}: over budget`);
      console.log(figure);
    },
  };
}
