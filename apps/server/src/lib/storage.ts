import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded media live (docs/console.md "photos"). One small interface: today files under
 * DATA_DIR/media, served by modules/catalog/media.ts at /panel/media/<key>. Several machines need one
 * shared store: an S3-compatible bucket behind the same three calls (docs/deploying.md), with
 * /panel/media/ proxied to it or `MEDIA_PREFIX` pointed at its public address.
 */
export interface MediaStorage {
  /** Stores `data` under `key` (e.g. `uploads/3f…-w1600.webp`), replacing nothing: keys are new names. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes a key; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Where the keys are, for the reference (a directory or a bucket's address). */
  readonly location: string;
}

/** A key is a relative path of plain names: never `..`, never absolute, nothing but [a-z0-9._-/]. */
export function isSafeKey(key: string): boolean {
  return (
    /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) &&
    !key.split('/').some((part) => part === '..' || part === '.')
  );
}

/** Files under a directory; each write goes to a temporary name first and is renamed when complete. */
export function localStorage(dir: string): MediaStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`storage: unsafe key ${JSON.stringify(key)}`);
    const file = path.resolve(root, key);
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error(`storage: key outside the store: ${key}`);
    return file;
  };
  return {
    location: root,
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.part`;
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, file);
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

const stores = new Map<string, MediaStorage>();

/** The installation's media store: DATA_DIR/media (the directory /panel/media/ serves first). */
export function mediaStorage(config: { DATA_DIR: string }): MediaStorage {
  const dir = path.resolve(config.DATA_DIR, 'media');
  let store = stores.get(dir);
  if (!store) {
    store = localStorage(dir);
    stores.set(dir, store);
  }
  return store;
}
