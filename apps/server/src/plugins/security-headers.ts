import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * The headers every response carries, written by helmet (the maintained policy set) with our CSP:
 * no inline script, YouTube's privacy host for the embedded video, Matomo only when configured.
 * Helmet is run once at start against a stand-in response and its headers are kept: the same
 * bytes for every answer at no cost per request (@fastify/helmet builds helmet's middleware anew on
 * every request, which the catalogue's hot path cannot afford; docs/decisions/0007-security-headers.md).
 */
export function securityHeaders(config: Pick<Config, 'MATOMO_URL' | 'PUBLIC_URL'>): Record<string, string> {
  const matomo = config.MATOMO_URL ? [new URL(config.MATOMO_URL).origin] : [];
  const https = config.PUBLIC_URL.startsWith('https:');
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...matomo],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...matomo],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", ...matomo],
        frameSrc: ['https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Media may be shown by mail clients and the payment operators' pages.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Browsers ignore HSTS on plain http, and on localhost it would pin the developer's machine.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const headers: Record<string, string> = {};
  const standIn = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  middleware({} as IncomingMessage, standIn, () => {});
  // Not in helmet: no microphone or location for any page of the panel; the camera for the panel's own
  // pages only (the gate scans tickets' QR codes with it, docs/event-day.md), never for a frame.
  headers['permissions-policy'] = 'camera=(self), microphone=(), geolocation=()';
  return headers;
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
