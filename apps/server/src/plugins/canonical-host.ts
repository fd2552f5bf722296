import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickLanguage } from '../i18n';
import { AppError } from '../lib/app-error';

/** `host[:port]` → `host:port`, the port filled in from the scheme (a Host header omits the default one). */
export function hostKey(host: string, protocol: string): string | null {
  try {
    const url = new URL(`${protocol}//${host}`);
    return `${url.hostname}:${url.port || (protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return null;
  }
}

/** Load balancers and monitors ask for the health by the machine's own address. */
const HEALTH_PREFIX = '/panel/api/v1/health';

/**
 * One origin for the panel (docs/deploying.md, "One address"): the session cookie belongs to the host
 * that set it, so a member who opened the panel under another name (127.0.0.1 for localhost, the
 * address without www) would be signed out after the payment, whose return and links go to
 * PUBLIC_URL. A page asked for under another host is sent, before anything can set a cookie, to the
 * same path on PUBLIC_URL (308, method and body kept); an API call is refused with 421 Misdirected
 * Request (a redirect would turn it into a cross-origin call that the browser drops without a word).
 * Health checks are answered under any host. `CANONICAL_HOST=off` turns it off.
 */
export const canonicalHostPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.CANONICAL_HOST) return;
  const canonical = new URL(app.config.PUBLIC_URL);
  const wanted = hostKey(canonical.host, canonical.protocol);
  const isWanted = (request: FastifyRequest) => hostKey(request.host, canonical.protocol) === wanted;

  app.addHook('onRequest', async (request, reply) => {
    if (isWanted(request) || request.url.startsWith(HEALTH_PREFIX)) return;
    if (request.url.startsWith('/panel/api/')) {
      request.lang = pickLanguage(request.headers['accept-language']);
      throw new AppError(421, 'WRONG_HOST', 'common.wrongHost', { url: app.config.PUBLIC_URL });
    }
    return reply.redirect(`${app.config.PUBLIC_URL}${request.url}`, 308);
  });
});
