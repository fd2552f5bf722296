import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** CSP without inline scripts and the other headers every response carries. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const matomo = app.config.MATOMO_URL ? new URL(app.config.MATOMO_URL).origin : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self'${matomo ? ` ${matomo}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${matomo ? ` ${matomo}` : ''}`,
    "font-src 'self'",
    "media-src 'self'",
    `connect-src 'self'${matomo ? ` ${matomo}` : ''}`,
    'frame-src https://www.youtube-nocookie.com',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const https = app.config.PUBLIC_URL.startsWith('https:');

  app.addHook('onSend', async (request, reply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/panel/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store, max-age=0');
    }
  });
});
