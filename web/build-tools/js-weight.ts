import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

// JavaScript weight of the public pages, computed from Vite's build manifest: the entry chunk and
// every chunk it imports statically (what a browser loads before the page is interactive). Dynamic
// imports (the admin panel) are not counted: public pages never load them.

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

export interface JsWeight {
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

export function publicJsWeight(webDist: string): JsWeight {
  const clientDir = path.join(webDist, 'client');
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the build manifest has no entry chunk');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entry);
  const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(clientDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes).length;
  }
  return { files, raw, gzip, brotli };
}
