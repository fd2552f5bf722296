import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './error-codes';

const serverSrc = new URL('../../../apps/server/src/', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
  });

describe('ERROR_CODES', () => {
  it('are unique', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('are each answered somewhere by the server (a code nobody sends is a dead branch in the web app)', () => {
    const source = files(serverSrc)
      .filter((f) => !f.endsWith('.test.ts'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unused = ERROR_CODES.filter((code) => !source.includes(`'${code}'`));
    expect(unused).toEqual([]);
  });
});
