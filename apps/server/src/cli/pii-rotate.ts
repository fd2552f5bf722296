/**
 * `PII_KEY=<new id>:<new key> PII_OLD_KEYS=<old id>:<old key> npm run pii:rotate`: re-seals every
 * stored identity number (the dealers' PESEL) with PII_KEY, opening each with the key it names
 * (docs/privacy.md, "Rotating the key"). Safe to run again, and beside running servers (each batch
 * locks its rows); afterwards PII_OLD_KEYS can go. Uses the same DATABASE_URL / DATA_DIR as the
 * server; migrates first.
 */
import { loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';
import { checkPeselKeys, rotatePesels, sealPlaintextPesels } from '../lib/pesel-store';
import { type PiiKeyring, keyringOf } from '../lib/pii-crypto';

/** Re-seals everything with the current key; returns how many values were sealed anew. */
export async function rotatePiiKey(db: Db, ring: PiiKeyring): Promise<number> {
  const plain = await sealPlaintextPesels(db, ring);
  const rotated = await rotatePesels(db, ring);
  await checkPeselKeys(db, { ...ring, keys: new Map([[ring.current.id, ring.current.key]]) });
  return plain + rotated;
}

async function main() {
  const config = loadConfig();
  const ring = keyringOf(config);
  if (ring.isDevelopmentKey) throw new Error('PII_KEY is not set: name the new key to rotate to');
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const count = await rotatePiiKey(database.db, ring);
    console.log(`${count} value(s) sealed anew with the key "${ring.current.id}".`);
    console.log('Every stored value now opens with PII_KEY alone: PII_OLD_KEYS can be removed.');
  } finally {
    await database.close();
  }
}

if (process.argv[1] && /pii-rotate\.(ts|js|mjs)$/.test(process.argv[1])) {
  main().catch((error: Error) => {
    console.error(`pii:rotate: ${error.message}`);
    process.exit(1);
  });
}
