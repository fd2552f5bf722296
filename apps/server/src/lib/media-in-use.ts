import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/** True when a stored file is shown anywhere (a removed photo's files go only when nothing shows them). */
export async function fileInUse(tx: Tx, file: string): Promise<boolean> {
  const [row] = await tx
    .select({
      used: sql<boolean>`(exists (select 1 from gallery_images where file = ${file})
      or exists (select 1 from galleries where image = ${file})
      or exists (select 1 from product_images where file = ${file})
      or exists (select 1 from products where image = ${file} or image_mobile = ${file})
      or exists (select 1 from partners where image = ${file}))`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.used);
}

/** Of `files`, each once, those nothing shows any more: they may leave storage after the commit. */
export async function unusedFiles(tx: Tx, files: string[]): Promise<string[]> {
  const unused: string[] = [];
  for (const file of new Set(files)) if (!(await fileInUse(tx, file))) unused.push(file);
  return unused;
}
