/** The named fields of `from` alone, as a new object (a row's columns that keep their names elsewhere). */
export function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = from[key];
  return picked;
}
