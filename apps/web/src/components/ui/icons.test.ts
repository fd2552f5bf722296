import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 28: no icon may depend on the device's fonts (⚿ showed as an empty box where the font
 * lacks it). Arrows, shapes, symbols, dingbats, Braille and emoji drawn as text are refused in the
 * web app's code and its page: icons are the SVGs of components/ui/icons.tsx.
 */
const FONT_ICON =
  /[\u2190-\u21FF\u2300-\u23FF\u25A0-\u25FF\u2600-\u27BF\u2800-\u28FF\u2B00-\u2BFF]|[\u{1F300}-\u{1FAFF}]/u;
const root = join(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(tsx?|json|css)$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

/** Comments may name a character (// 2105 → 21/05); only what reaches the screen counts. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('icons', () => {
  it('no icon is a font character', () => {
    const found = [...sources(join(root, 'src')), join(root, 'index.html')].flatMap((file) =>
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => FONT_ICON.test(line))
        .map((line) => `${relative(root, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
