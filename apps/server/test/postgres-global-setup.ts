import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { prepareTemplate, type TemplateKind } from './template-databases';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the test server. */
export function databaseUrlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database. */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * api-postgres: fails fast (in CI) or says clearly (elsewhere) when no PostgreSQL is reachable; then
 * migrates and seeds two template databases once per run. Each test app's database is a copy
 * (`create database … template …`, helpers.ts), made in milliseconds; the templates are dropped at
 * the end. A template must have no connection while it is copied: the setup closes its own.
 */
export default async function setup(project: TestProject) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const message = `PostgreSQL is not reachable at ${ADMIN_URL} (${(error as Error).message}). Set TEST_DATABASE_URL.`;
    if (process.env.CI) throw new Error(message);
    console.warn(`${message} The api-postgres tests are skipped.`);
    process.env.SKIP_POSTGRES = '1';
    return;
  } finally {
    await client.end().catch(() => {});
  }
  const run = randomBytes(4).toString('hex');
  const names = { demo: `club_tpl_${run}_demo`, bare: `club_tpl_${run}_bare` } as Record<
    TemplateKind,
    string
  >;
  const dropAll = async () => {
    for (const name of Object.values(names)) await adminQuery(`drop database if exists ${name} with (force)`);
  };
  try {
    for (const kind of ['demo', 'bare'] as const) {
      await adminQuery(`create database ${names[kind]}`);
      const database = await openDatabase({
        databaseUrl: databaseUrlOf(names[kind]),
        dataDir: './data/test',
      });
      try {
        await prepareTemplate(database, kind);
      } finally {
        await database.close();
      }
    }
  } catch (error) {
    await dropAll();
    throw error;
  }
  project.provide('testTemplates', names);
  return dropAll;
}
