import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The API server (port 3000) serves /api, /graphql and /uploads; the dev server proxies to it.
export default defineConfig({
  plugins: [react()],
  // The shared content model, from its source (no separate build in dev).
  resolve: { alias: { '@consulting/model': fileURLToPath(new URL('../model/src/index.ts', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/graphql': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
  // The public bundle is mostly React, Apollo and Chakra UI (~220 kB gzipped); the admin panel is a
  // separate lazy chunk. Every file is fingerprinted and served with a one-year immutable cache.
  build: { outDir: 'dist/client', manifest: true, chunkSizeWarningLimit: 1000 },
  // The server bundle inlines the UI libraries so only the components the pages use are loaded:
  // importing @chakra-ui/react or date-fns whole costs the server seconds and hundreds of MB at start.
  ssr: { noExternal: ['@chakra-ui/react', '@ark-ui/react', /^@zag-js\//, 'lucide-react', 'date-fns'] },
});
