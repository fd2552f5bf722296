import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedOnStart } from './db/seed/on-start';
import { warmMailTemplates } from './modules/mail/render';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    inMemory: config.PGLITE_MEMORY,
  });
  await database.migrate();
  const app = await buildApp({ config, database });
  const seeded = await seedOnStart(database.db, { seed: config.SEED, dataDir: config.DATA_DIR });
  if (seeded) app.log.info('demo data seeded into the empty database');

  // SIGINT/SIGTERM (and a crash) close the app gracefully: running requests finish (app.ts drains
  // them), then the database; after 10 s the process goes regardless.
  closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an unhandled error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  // Every mail template compiled (MJML) before the first request, so no mail waits for it.
  await warmMailTemplates();
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
