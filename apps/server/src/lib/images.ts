import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from './app-error';
import type { MediaStorage } from './storage';

/**
 * The photo pipeline of the console (docs/console.md "photos"): what an operator uploads is checked
 * by its bytes, decoded once, stripped of its metadata (EXIF location, camera serials) and stored as
 * WebP at the widths the member pages choose from with srcset/sizes (docs/decisions/media-variants.md).
 */

/** The largest upload accepted, in bytes (documented in docs/console.md). */
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** The largest picture accepted, in pixels: above this a small file may be a decompression bomb. */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** The widths a photo is stored at (the demo's product and photo widths); never wider than it came. */
export const PHOTO_WIDTHS = [480, 768, 1200, 1600] as const;
/** Where uploaded photos are stored, under the media store. */
export const UPLOADS_DIR = 'uploads';

export type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** The format by the file's first bytes (magic numbers), whatever its name or declared type says. */
export function sniffImage(bytes: Buffer): AcceptedFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  // ISO-BMFF: [size]['ftyp'][major brand][minor][compatible brands…]; AVIF's brands are avif/avis.
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      const brand = bytes.toString('latin1', at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/** SVG markup (with or without an XML prolog, a BOM or leading blanks): refused with its own message. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .toString('utf8', 0, 1024)
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>/]/i.test(head);
}

/** A photo's stored name carries its largest width: `uploads/<uuid>-w1600.webp`. */
const UPLOAD_NAME = /^uploads\/[0-9a-f-]{36}-w(\d{2,5})\.webp$/;

/** The widths an uploaded photo was stored at, read from its name (undefined for any other file). */
export function uploadedWidths(file: string): number[] | undefined {
  const match = UPLOAD_NAME.exec(file);
  if (!match) return undefined;
  const largest = Number(match[1]);
  return [...PHOTO_WIDTHS.filter((w) => w < largest), largest];
}

/** The file of one width (the largest is the file itself), as media.ts `variantFile` names it. */
function widthFile(file: string, width: number, largest: number): string {
  return width === largest ? file : file.replace(/\.webp$/, `-${width}w.webp`);
}

const reject = (
  status: number,
  code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'VALIDATION',
  key: string,
  params: Record<string, unknown> = {},
) => new AppError(status, code, `upload.${key}`, params);

export type StoredPhoto = {
  /** The key of the largest width, what `*_url` points at. */
  file: string;
  /** Every key written (the widths), for a removal. */
  files: string[];
  width: number;
  height: number;
};

/**
 * Checks, cleans, resizes and stores one photo. Refused (4xx, nothing stored): anything that is not
 * JPEG, PNG, WebP or AVIF by its bytes (SVG, a renamed file), above UPLOAD_MAX_PIXELS, or that does
 * not decode completely (truncated, damaged).
 */
export async function storePhoto(storage: MediaStorage, bytes: Buffer): Promise<StoredPhoto> {
  if (bytes.length > UPLOAD_MAX_BYTES)
    throw reject(413, 'PAYLOAD_TOO_LARGE', 'tooLarge', { megabytes: UPLOAD_MAX_BYTES / 1024 / 1024 });
  const sniffed = sniffImage(bytes);
  // An SVG is told so; anything else that is not a photo (a text file renamed .jpg, a GIF) is told it is not one.
  if (!sniffed) throw reject(415, 'UNSUPPORTED_MEDIA_TYPE', looksLikeSvg(bytes) ? 'svg' : 'wrongType');
  const options = { failOn: 'warning', limitInputPixels: UPLOAD_MAX_PIXELS, sequentialRead: true } as const;
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw reject(422, 'VALIDATION', 'damaged');
  }
  const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heif') : meta.format;
  if (format !== sniffed) throw reject(415, 'UNSUPPORTED_MEDIA_TYPE', 'wrongType');
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height) throw reject(422, 'VALIDATION', 'damaged');
  if (width * height > UPLOAD_MAX_PIXELS || (meta.pages ?? 1) > 1)
    throw reject(422, 'VALIDATION', 'tooManyPixels', { megapixels: UPLOAD_MAX_PIXELS / 1_000_000 });

  // Each width decoded from the file (JPEG shrinks on load), turned upright by its EXIF orientation;
  // sharp writes no metadata unless asked, so the location and the camera never leave.
  const largest = Math.min(width, PHOTO_WIDTHS.at(-1)!);
  const widths = [...PHOTO_WIDTHS.filter((w) => w < largest), largest];
  const file = `${UPLOADS_DIR}/${randomUUID()}-w${largest}.webp`;
  let outputs: { key: string; data: Buffer }[];
  try {
    outputs = await Promise.all(
      widths.map(async (w) => ({
        key: widthFile(file, w, largest),
        data: await sharp(bytes, options).rotate().resize({ width: w }).webp({ quality: 80 }).toBuffer(),
      })),
    );
  } catch {
    throw reject(422, 'VALIDATION', 'damaged');
  }
  const written: string[] = [];
  try {
    for (const output of outputs) {
      await storage.put(output.key, output.data, 'image/webp');
      written.push(output.key);
    }
  } catch (error) {
    await Promise.all(written.map((key) => storage.remove(key)));
    throw error;
  }
  return {
    file,
    files: written,
    width: largest,
    height: Math.round((height * largest) / width),
  };
}

/** Removes every stored width of an uploaded photo (nothing for a demo picture). */
export async function removePhoto(storage: MediaStorage, file: string): Promise<void> {
  const widths = uploadedWidths(file);
  if (!widths) return;
  const largest = widths[widths.length - 1]!;
  await Promise.all(widths.map((w) => storage.remove(widthFile(file, w, largest))));
}
