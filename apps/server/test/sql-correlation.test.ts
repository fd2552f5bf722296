import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';

const SRC = join(__dirname, '../src');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield path;
  }
}

/**
 * Issue 28, item 3: Drizzle writes `${products.id}` bare ("id") in the fields of a query over one
 * table, and inside a sub-select a bare column is the inner table's. The cart compared the product
 * with the cart line's own id. Every column of the schema named inside a sub-select's SQL text goes
 * through `outer()` (lib/outer-column.ts), which always writes the table's name.
 */
describe('correlated sub-selects', () => {
  it('name every schema column inside a sub-select with its table (outer())', () => {
    const tables = new Set(Object.keys(schema));
    const problems: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const template of text.matchAll(/sql(?:<[^`]*?>)?`([^`]*)`/gs)) {
        const body = template[1] ?? '';
        if (!/\(\s*select\b|\bexists\b/i.test(body)) continue;
        for (const bare of body.matchAll(/\$\{\s*(\w+)\.(\w+)\s*\}/g)) {
          if (tables.has(bare[1] ?? '')) problems.push(`${relative(SRC, file)}: \${${bare[1]}.${bare[2]}}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
