import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import pl from './locales/pl.json';

const src = join(__dirname, '../..');
const polishLocales = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? polishLocales(path) : name === 'pl.json' ? [path] : [];
  });

describe('Polish copy (issue 28)', () => {
  it('"Odśwież stronę, aby spróbować ponownie": the comma comes right after the link', () => {
    expect(`${pl.state.refreshPage}${pl.state.toTryAgain}`).toBe('Odśwież stronę, aby spróbować ponownie.');
  });

  it('no text assumes the member is a man or a woman (2nd person past: -łeś, -łaś)', () => {
    const gendered = polishLocales(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /\p{L}(łeś|łaś)(?!\p{L})/u.test(line))
        .map((line) => `${relative(src, file)}: ${line.trim()}`),
    );
    expect(gendered).toEqual([]);
  });
});
