import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../src/types';
import { createTestApp, skipIfNoDatabase, type TestApp } from './helpers';

/**
 * The contract walk (docs/decisions/0008-typed-contract.md), like the authorisation matrix: every
 * route of the API comes from the shared contract, and every answer the suites see is read against
 * the contract strictly (lib/contract.ts turns a mismatch into a 500 outside production). The
 * catalogue's hand-encoded bytes are read for each kind of member in modules/catalog/contract.test.ts.
 */
const API = '/panel/api/v1';

describe.skipIf(skipIfNoDatabase)('the typed contract', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  beforeAll(async () => {
    t = await createTestApp();
    routes = t.app.routeTable.filter((r) => r.url.startsWith(`${API}/`));
  });
  afterAll(() => t?.close());

  it('declares every route of the API, with the method, path and access the route has', () => {
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !r.contract).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    for (const route of routes) {
      const endpoint = route.contract!;
      expect(`${endpoint.method} ${API}${endpoint.path}`).toBe(`${route.method} ${route.url}`);
      expect(route.access).toBe(endpoint.access);
      expect(route.passwordCheck).toBe(endpoint.passwordCheck ?? false);
    }
  });

  it('gives every endpoint a success response schema, so nothing leaves undeclared', () => {
    for (const route of routes) {
      const statuses = Object.keys(route.contract?.responses ?? {});
      expect(statuses.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
    }
  });
});
