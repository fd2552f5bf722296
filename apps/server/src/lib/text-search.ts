import { type Column, ilike, or, type SQL } from 'drizzle-orm';

/** `text` as a LIKE pattern that finds it anywhere, its `%`, `_` and `\` taken as they are. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows where any of `columns` contains `text`, whatever the letters' case (a console list's search). */
export function anyContains(text: string, columns: Column[]): SQL {
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)))!;
}
