import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { referenceContract as contract, type REFERENCE_ASSETS } from '@club/shared/contract/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf, sendEncodedJson } from '../../lib/contract';
import { API_PREFIX, openApiDocument } from './openapi';

const require = createRequire(import.meta.url);

/** The API's version: the `v1` of its prefix. */
const API_VERSION = '1';

/** Our own start script: a page under `script-src 'self'` runs no inline script. */
const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${API_PREFIX}/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    validatorUrl: null,
    supportedSubmitMethods: [],
    defaultModelsExpandDepth: 0,
    docExpansion: 'none',
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Excellence Club panel API reference</title>
<link rel="icon" type="image/svg+xml" href="/panel/favicon.svg">
<link rel="stylesheet" href="${API_PREFIX}/reference/swagger-ui.css">
</head>
<body>
<main id="reference" aria-label="API reference"></main>
<script src="${API_PREFIX}/reference/swagger-ui-bundle.js"></script>
<script src="${API_PREFIX}/reference/reference.js"></script>
</body>
</html>
`;

const TYPES: Record<(typeof REFERENCE_ASSETS)[number], string> = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'reference.js': 'application/javascript; charset=utf-8',
};

/** The files of the renderer (swagger-ui-dist, a maintained package), read once, on first use. */
function asset(file: (typeof REFERENCE_ASSETS)[number]): string {
  if (file === 'reference.js') return START_SCRIPT;
  return readFileSync(require.resolve(`swagger-ui-dist/${file}`), 'utf8');
}

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  let document: string | null = null;
  const assets = new Map<string, string>();

  app.route({
    ...routeOf(contract.openApi),
    handler: async (_request, reply) => {
      // Made on first use: by then every module has registered its routes.
      document ??= JSON.stringify(openApiDocument(app.routeTable, API_VERSION));
      return sendEncodedJson(reply, document);
    },
  });

  app.route({
    ...routeOf(contract.page),
    handler: async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE),
  });

  app.route({
    ...routeOf(contract.asset),
    handler: async (request, reply) => {
      const { file } = request.params;
      let body = assets.get(file);
      if (body === undefined) {
        body = asset(file);
        assets.set(file, body);
      }
      return reply.type(TYPES[file]).header('cache-control', 'public, max-age=3600').send(body);
    },
  });
};
