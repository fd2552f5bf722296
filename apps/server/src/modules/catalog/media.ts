import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { demoMediaDir, MEDIA_PREFIX } from '../../lib/media';

const MEDIA_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Serves /panel/media/*: files uploaded by the club's operator under DATA_DIR/media first, then the
 * generated demo media. Names never change once published, so browsers may keep them for 30 days.
 */
export const mediaPlugin = fp(async (app: FastifyInstance) => {
  const uploads = path.resolve(app.config.DATA_DIR, 'media');
  // Made now, so that photos uploaded later are served (the roots are chosen once).
  try {
    mkdirSync(uploads, { recursive: true });
  } catch (error) {
    app.log.warn({ err: error }, `media: cannot create ${uploads}; uploads will not be served`);
  }
  const roots = [uploads, demoMediaDir()].filter((dir) => existsSync(dir));
  if (roots.length === 0) return;
  await app.register(fastifyStatic, {
    root: roots,
    prefix: MEDIA_PREFIX,
    index: false,
    decorateReply: false,
    dotfiles: 'deny',
    cacheControl: true,
    maxAge: MEDIA_MAX_AGE_MS,
    setHeaders(res) {
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
});
