import { createRequire } from 'node:module';
import path from 'node:path';
import express from 'express';
import { errors, json } from '../http/doc-parts.js';
import { API_ROOT, publicApiRoute, type Route } from '../http/route.js';
import { openApiDocument } from './openapi.js';

// GET /api/openapi.json (the document generated from the route table) and GET /api/docs, the
// reference page for people: Swagger UI served from node_modules (swagger-ui-dist), no CDN. The
// page loads only same-origin scripts, styles and the document, so the API's locked CSP suffices.

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const DOCUMENT = `${API_ROOT}/openapi.json`;
const PAGE_PATH = `${API_ROOT}/docs`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>REST API reference</title>
<link rel="stylesheet" href="${PAGE_PATH}/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${PAGE_PATH}/assets/swagger-ui-bundle.js"></script>
<script src="${PAGE_PATH}/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '${DOCUMENT}', dom_id: '#swagger-ui', deepLinking: true });\n`;
const tags = ['Reference'];

/** `routes`: every route of the table (the document describes them all). */
export function referenceRoutes(routes: () => readonly Route[]): Route[] {
  return [
    publicApiRoute({
      method: 'GET',
      path: DOCUMENT,
      cors: true,
      doc: { tags, operationId: 'openApi', summary: 'This document.', responses: { 200: json({ type: 'object' }, 'OpenAPI 3.1.') } },
      serve: () => {
        let body: Promise<string> | null = null;
        return async (_req, res) => {
          body ??= openApiDocument(routes()).then((document) => JSON.stringify(document));
          res.type('json').set('Cache-Control', 'public, max-age=300').send(await body);
        };
      },
    }),
    publicApiRoute({
      method: 'GET',
      path: PAGE_PATH,
      doc: { tags, operationId: 'apiDocs', summary: 'This document rendered for people (Swagger UI).', responses: { 200: { description: 'HTML.', content: { 'text/html': {} } } } },
      serve: () => (_req, res) => res.type('html').set('Cache-Control', 'no-cache').send(PAGE),
    }),
    publicApiRoute({
      method: 'GET',
      path: `${PAGE_PATH}/init.js`,
      doc: { tags, operationId: 'apiDocsScript', summary: "The reference page's start-up script.", responses: { 200: { description: 'JavaScript.', content: { 'text/javascript': {} } } } },
      serve: () => (_req, res) => res.type('js').set('Cache-Control', 'no-cache').send(INIT),
    }),
    publicApiRoute({
      method: 'GET',
      path: `${PAGE_PATH}/assets/:file`,
      doc: {
        tags,
        operationId: 'apiDocsAsset',
        summary: "The reference page's scripts and styles (Swagger UI's own files).",
        parameters: [{ name: 'file', in: 'path', required: true, description: 'A file name.', schema: { type: 'string' } }],
        responses: { 200: { description: 'The file.' }, ...errors(404) },
      },
      serve: () => {
        const files = express.static(swaggerDir, { index: false, maxAge: '1h', fallthrough: true });
        return (req, res, next) => {
          const url = req.url;
          req.url = `/${encodeURIComponent(String(req.params.file))}`;
          files(req, res, (error?: unknown) => {
            req.url = url;
            next(error);
          });
        };
      },
    }),
  ];
}
