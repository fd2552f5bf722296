import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** CSP without inline scripts and the other headers every response carries. */
export function securityHeaders(config: Pick<Config, 'MATOMO_URL' | 'PUBLIC_URL'>): Record<string, string> {
  const matomo = config.MATOMO_URL ? new URL(config.MATOMO_URL).origin : '';
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
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(config.PUBLIC_URL.startsWith('https:')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = securityHeaders(app.config);
  app.addHook('onSend', async (request, reply) => {
    reply.headers(headers);
    if (request.url.startsWith('/panel/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store, max-age=0');
    }
  });
});
