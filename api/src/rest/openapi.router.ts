import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { openApiDocument } from './openapi.js';

// GET /api/openapi.json (the generated document) and GET /api/docs, the reference page for people:
// Swagger UI served from node_modules (swagger-ui-dist), no CDN. The page loads only same-origin
// scripts, styles and the document, so the API's locked CSP (http/security-headers.ts) suffices.

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>REST API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

export function openApiRouter(): Router {
  const router = Router();
  const body = JSON.stringify(openApiDocument());
  router.get('/openapi.json', (_req, res) => {
    res.type('json').set('Cache-Control', 'public, max-age=300').send(body);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').set('Cache-Control', 'no-cache').send(PAGE);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('js').set('Cache-Control', 'no-cache').send(INIT);
  });
  router.use('/docs/assets', express.static(swaggerDir, { index: false, maxAge: '1h' }));
  return router;
}
