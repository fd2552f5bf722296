import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { prepareTemplate, type TemplateKind } from './template-databases';

/**
 * api-pglite: migrates and seeds two in-memory databases once per run and keeps their data
 * directories as tar files; each test app starts from a copy (`new PGlite({ loadDataDir })`,
 * helpers.ts) instead of migrating and seeding its own.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'club-test-pglite-'));
  const files = {} as Record<TemplateKind, string>;
  for (const kind of ['demo', 'bare'] as const) {
    const database = await openDatabase({ dataDir: dir, inMemory: true });
    await prepareTemplate(database, kind);
    const tar = await database.dumpDataDir!();
    await database.close();
    files[kind] = path.join(dir, `${kind}.tar`);
    writeFileSync(files[kind], Buffer.from(await tar.arrayBuffer()));
  }
  project.provide('testTemplates', files);
  return () => rmSync(dir, { recursive: true, force: true });
}
