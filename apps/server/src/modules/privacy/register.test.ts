import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { EXPORTED_COLUMNS } from './export/collect';
import {
  exportedOf,
  NON_PERSONAL_COLUMNS,
  PERSONAL_COLUMNS,
  registerIndex,
  registerMarkdown,
} from './register';
import { REGISTER_END, REGISTER_START } from './register-page';

const FIX =
  'add it to PERSONAL_COLUMNS of apps/server/src/modules/privacy/register.ts (data, purpose, legal basis, retention, who can see it, what removing the account does; and make erasure.ts and the export follow) or, if it can hold no personal data, to NON_PERSONAL_COLUMNS with the reason; then run `npm run privacy:register`';

describe('the register of processing', () => {
  let t: TestApp;
  let live: { table_name: string; column_name: string }[];
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const res = await t.app.db.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
    );
    live = ((res as { rows?: unknown[] }).rows ?? res) as typeof live;
  });
  afterAll(() => t.close());

  it('names every column of the migrated schema, and only those', () => {
    expect(live.length).toBeGreaterThan(300);
    const index = registerIndex();
    const unlisted = live.map((c) => `${c.table_name}.${c.column_name}`).filter((name) => !index.has(name));
    expect(unlisted, `columns in neither list of the register: ${FIX}`).toEqual([]);
    const existing = new Set(live.map((c) => `${c.table_name}.${c.column_name}`));
    const stale = [...index.keys()].filter((name) => !existing.has(name));
    expect(stale, 'register entries for columns the schema no longer has: remove them').toEqual([]);
  });

  it('lists each column once, and each personal entry says everything', () => {
    const seen = new Map<string, number>();
    for (const e of [...PERSONAL_COLUMNS, ...NON_PERSONAL_COLUMNS])
      for (const c of e.columns) seen.set(`${e.table}.${c}`, (seen.get(`${e.table}.${c}`) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([name]) => name)).toEqual([]);
    for (const e of PERSONAL_COLUMNS) {
      for (const field of [e.data, e.purpose, e.basis, e.retention, e.seenBy, e.removal.how])
        expect(field.length).toBeGreaterThan(3);
      if (e.removal.kind === 'keep') expect(e.removal.law).toMatch(/art\./);
    }
    for (const e of NON_PERSONAL_COLUMNS) expect(e.reason.length).toBeGreaterThan(3);
  });

  it('marks as exported only what the member’s export carries', () => {
    const missing = PERSONAL_COLUMNS.flatMap((e) =>
      exportedOf(e)
        .filter((c) => !EXPORTED_COLUMNS[e.table]?.includes(c))
        .map((c) => `${e.table}.${c}`),
    );
    expect(
      missing,
      'the register says the export carries these, and export/collect.ts does not read them: add them to the export, or narrow `exported` in register.ts with the reason',
    ).toEqual([]);
    for (const e of PERSONAL_COLUMNS)
      for (const c of exportedOf(e)) expect(e.columns, `${e.table}.${c}`).toContain(c);
  });

  it('is what docs/privacy.md shows', async () => {
    const page = await readFile(new URL('../../../../../docs/privacy.md', import.meta.url), 'utf8');
    const start = page.indexOf(REGISTER_START);
    const end = page.indexOf(REGISTER_END);
    expect(start, 'docs/privacy.md lost its register markers').toBeGreaterThan(0);
    expect(
      page.slice(start + REGISTER_START.length, end).trim(),
      'docs/privacy.md is stale: run `npm run privacy:register`',
    ).toBe(registerMarkdown());
  });
});
