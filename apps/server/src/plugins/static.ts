import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const here = path.dirname(fileURLToPath(import.meta.url));

export function webDistDir(configured?: string): string {
  if (configured) return path.resolve(configured);
  // src/plugins → ../../../web/dist; dist/ → ../../web/dist
  const candidates = [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((c) => existsSync(c)) ?? candidates[0]!;
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The server's settings the app reads at start (lib/site-config.ts), as meta tags in index.html: the
 * CSP allows no inline script, and the app needs them before any API call (the splash's failure path).
 */
export function withSiteConfig(
  html: string,
  config: {
    SITE_HOME_URL: string;
    LEGAL_NOTE_URL: string;
    LEGAL_NOTE_URL_EN?: string | undefined;
    PAYMENT_PROVIDER?: string;
  },
): string {
  const tags = [
    // The sandbox takes no money: the panel shows a "test payments" ribbon (issue 15).
    config.PAYMENT_PROVIDER === 'sandbox' ? '<meta name="club-test-payments" content="1" />' : '',
    `<meta name="club-site-home" content="${escapeAttribute(config.SITE_HOME_URL)}" />`,
    `<meta name="club-legal-note" content="${escapeAttribute(config.LEGAL_NOTE_URL)}" />`,
    // One legal note per language: English members get their own address when one is set.
    config.LEGAL_NOTE_URL_EN
      ? `<meta name="club-legal-note-en" content="${escapeAttribute(config.LEGAL_NOTE_URL_EN)}" />`
      : '',
  ].join('');
  return html.replace('</head>', `${tags}</head>`);
}

/**
 * Serves the built app under /panel/: hashed assets cached for a year, index.html never cached,
 * every app route (deep link) answered with index.html.
 */
export const staticPlugin = fp(async (app: FastifyInstance) => {
  const root = webDistDir(app.config.WEB_DIST);
  const indexPath = path.join(root, 'index.html');
  const hasApp = existsSync(indexPath);
  // The app's routes get index.html with the site's settings; /panel/index.html itself stays the plain
  // file (nobody links it), where the app falls back to its defaults.
  const index = hasApp ? withSiteConfig(readFileSync(indexPath, 'utf8'), app.config) : null;

  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/panel/',
      index: false,
      wildcard: false,
      decorateReply: false,
      // scripts/precompress-web.mjs writes .br/.gz beside the assets: sent as they are, per Accept-Encoding.
      preCompressed: true,
      // Our setHeaders decides; with send's own Cache-Control it would be overwritten by max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        // index.html names the current hashed assets: it must be revalidated, even at /panel/index.html.
        const cache = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : path.basename(filePath) === 'index.html'
            ? 'no-cache'
            : 'public, max-age=3600';
        res.setHeader('cache-control', cache);
        // The same URL is sent as br, gzip or plain: caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  const sendIndex = (reply: import('fastify').FastifyReply) => {
    if (!index) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run: npm run build');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  };

  app.get('/', { config: { access: 'public' } }, (_req, reply) => reply.redirect('/panel/'));
  app.get('/panel', { config: { access: 'public' } }, (_req, reply) => reply.redirect('/panel/'));
  // The app's page (3.6 KB, fetched on every visit: no-cache) compressed like the API's JSON.
  await app.register(async (pages) => {
    await pages.register(compress, { encodings: ['gzip'], threshold: 1024 });
    pages.get('/panel/', { config: { access: 'public' } }, (_req, reply) => sendIndex(reply));
    pages.get('/panel/*', { config: { access: 'public' } }, (request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      // Files that do not exist (a missing asset) are a real 404, not the app.
      if (url.startsWith('/panel/api/') || /\.[a-z0-9]{2,5}$/i.test(url)) {
        return reply.callNotFound();
      }
      return sendIndex(reply);
    });
  });
});
