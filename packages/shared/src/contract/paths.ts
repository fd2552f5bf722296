/**
 * The two runtime helpers of the contract's paths, apart from define.ts: the web app's fetchers need
 * only these and each endpoint's method and path, never the schemas (see apps/web/vite.config.ts).
 */

/** `/sales/orders/item/:id` with `{ id: 5 }` → `/sales/orders/item/5` (each value URI-encoded). */
export function pathWith(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The query key of an endpoint's data: the path's words, then the input. Keys nest like paths, so
 * `['sales', 'orders']` stands for every order query (the list and each order).
 */
export function pathKey(path: string): string[] {
  return path.split('/').filter((part) => part !== '' && !part.startsWith(':'));
}
