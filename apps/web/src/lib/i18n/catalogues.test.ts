import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Only the active language's catalogues are fetched (no fallback language): a key missing in one
 * language would show as a raw key. Plural forms differ by language (Intl.PluralRules), so keys are
 * compared without their plural suffix.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const folders = [
  path.join(here, 'locales'),
  ...readdirSync(path.join(here, '../../features'))
    .map((feature) => path.join(here, '../../features', feature, 'locales'))
    .filter((folder) => {
      try {
        return readdirSync(folder).length > 0;
      } catch {
        return false;
      }
    }),
];

const PLURAL = /_(zero|one|two|few|many|other)$/;
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(PLURAL, '')];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const read = (file: string) => [...new Set(keys(JSON.parse(readFileSync(file, 'utf8'))))].sort();

describe('catalogues', () => {
  it.each(folders.map((f) => [path.relative(path.join(here, '../..'), f), f]))(
    '%s: Polish and English hold the same keys',
    (_name, folder) => {
      expect(read(path.join(folder, 'en.json'))).toEqual(read(path.join(folder, 'pl.json')));
    },
  );
});
