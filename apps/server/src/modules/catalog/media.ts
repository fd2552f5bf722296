import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const here = path.dirname(fileURLToPath(import.meta.url));

export const MEDIA_PREFIX = '/panel/media/';
const MEDIA_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The URL of a stored media file (images, materials, video); null stays null. */
export function mediaUrl(file: string | null | undefined): string | null {
  return file ? `${MEDIA_PREFIX}${file}` : null;
}

/** The committed demo media: apps/server/media, beside src/ in development and beside dist/ in the build. */
export function demoMediaDir(): string {
  const candidates = [
    path.resolve(here, '../../../media'),
    path.resolve(here, '../media'),
    path.resolve(here, '../../media'),
  ];
  return candidates.find((c) => existsSync(path.join(c, 'README.md'))) ?? candidates[0]!;
}

/**
 * Serves /panel/media/*: files uploaded by the club's operator under DATA_DIR/media first, then the
 * generated demo media. Names never change once published, so browsers may keep them for 30 days.
 */
export const mediaPlugin = fp(async (app: FastifyInstance) => {
  const roots = [path.resolve(app.config.DATA_DIR, 'media'), demoMediaDir()].filter((dir) => existsSync(dir));
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
