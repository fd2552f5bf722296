/** Where stored media are served and how their URLs and srcsets are written; every domain uses it. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { uploadedWidths } from './images';

const here = path.dirname(fileURLToPath(import.meta.url));

export const MEDIA_PREFIX = '/panel/media/';

/** The URL of a stored media file (images, materials, video); null stays null. */
export function mediaUrl(file: string | null | undefined): string | null {
  return file ? `${MEDIA_PREFIX}${file}` : null;
}

/**
 * The widths each picture is stored at (media/variants.json, written with the pictures by
 * scripts/generate-demo-media.mjs): the largest is the file itself, the others `<name>-<width>w.<ext>`.
 * Read once: the catalogue caches its responses as bytes, so a srcset costs nothing per request.
 */
let variantWidths: Map<string, readonly number[]> | undefined;
const srcsets = new Map<string, string | null>();

function widthsOf(file: string): readonly number[] | undefined {
  // A photo uploaded in the console carries its widths in its name (lib/images.ts).
  const uploaded = uploadedWidths(file);
  if (uploaded) return uploaded;
  if (!variantWidths) {
    variantWidths = new Map();
    const manifest = path.join(demoMediaDir(), 'variants.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, number[]>;
      for (const [name, widths] of Object.entries(parsed)) variantWidths.set(name, widths);
    }
  }
  return variantWidths.get(file);
}

/** The URL of one stored width of a picture (the largest width is the file itself). */
export function variantFile(file: string, width: number, widths: readonly number[]): string {
  if (width === Math.max(...widths)) return file;
  const dot = file.lastIndexOf('.');
  return `${file.slice(0, dot)}-${width}w${file.slice(dot)}`;
}

/**
 * A picture's `srcset` ("/panel/media/a-480w.webp 480w, …, /panel/media/a.webp 1600w"), narrowest
 * first; null when only the file itself is known (e.g. an upload from before the photo pipeline).
 */
export function mediaSrcset(file: string | null | undefined): string | null {
  if (!file) return null;
  let srcset = srcsets.get(file);
  if (srcset === undefined) {
    const widths = widthsOf(file);
    srcset = widths?.length
      ? widths.map((w) => `${MEDIA_PREFIX}${variantFile(file, w, widths)} ${w}w`).join(', ')
      : null;
    srcsets.set(file, srcset);
  }
  return srcset;
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
