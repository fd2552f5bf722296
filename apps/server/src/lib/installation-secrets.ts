import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { installationSecrets } from '../db/schema';
import { randomToken } from './tokens';

/**
 * A secret made once per installation (the sandbox's signing key, the mail links' key when none is
 * configured): the first process wins the insert, every one reads the same value.
 */
export async function installationSecret(db: Tx, name: string): Promise<string> {
  await db
    .insert(installationSecrets)
    .values({ name, value: randomToken(32) })
    .onConflictDoNothing();
  const [row] = await db.select().from(installationSecrets).where(eq(installationSecrets.name, name));
  return row!.value;
}
