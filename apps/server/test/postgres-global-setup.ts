import pg from 'pg';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Fails fast (in CI) or says clearly (elsewhere) when no PostgreSQL is reachable for the API tests. */
export default async function setup() {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const message = `PostgreSQL is not reachable at ${ADMIN_URL} (${(error as Error).message}). Set TEST_DATABASE_URL.`;
    if (process.env.CI) throw new Error(message);
    console.warn(`${message} The api-postgres tests are skipped.`);
    process.env.SKIP_POSTGRES = '1';
  } finally {
    await client.end().catch(() => {});
  }
}
