import { build } from 'vite';
import { writeFileSync } from 'node:fs';
const rows = [];
await build({
  logLevel: 'warn',
  build: { outDir: '/tmp/perf2-an/dist', emptyOutDir: true },
  plugins: [{
    name: 'an', generateBundle(_, bundle) {
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue;
        for (const [id, m] of Object.entries(c.modules)) rows.push({ chunk: c.fileName, id, len: m.renderedLength, code: m.code });
      }
    },
  }],
});
const entry = rows.filter(r => r.chunk.includes('index-'));
const byPkg = {};
for (const r of entry) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(r.id);
  const k = m ? m[1] : r.id.replace(/.*\/perf2\//, '').split('/').slice(0, 3).join('/');
  byPkg[k] = (byPkg[k] || 0) + r.len;
}
console.log(Object.entries(byPkg).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${(v/1024).toFixed(1).padStart(7)} ${k}`).join('\n'));
writeFileSync('/tmp/perf2-an/modules.json', JSON.stringify(entry.map(r => ({ id: r.id, len: r.len })).sort((a, b) => b.len - a.len), null, 1));
import('node:zlib').then(z => {
  for (const r of entry) r.br = 0;
});
