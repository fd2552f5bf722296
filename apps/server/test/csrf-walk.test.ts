import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../src/app';
import {
  Client,
  createTestApp,
  createTestUser,
  skipIfNoDatabase,
  staffClient,
  type TestApp,
} from './helpers';

/**
 * Walks every registered route (app.routeTable, filled by the onRoute hook), so that routes other
 * engineers add later are covered without editing this file.
 */
const API = '/panel/api/v1/';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Mutating routes outside the API, where the session (and so its CSRF token) is not used. A new one
 * fails the walk until someone decides how it is protected and adds it here with the reason.
 */
const OUTSIDE_THE_API: Record<string, string> = {
  // The sandbox payment operator stands in for an external site: an unguessable payment ref, no session.
  'POST /panel/payments/sandbox/:ref/:action': 'payment operator page, keyed by the payment ref',
  // The KSeF stand-in (KSEF_ENV=stand-in only) stands in for the ministry's API: its own bearer tokens.
  'POST /panel/ksef-stand-in/v2/*':
    "the KSeF stand-in's API, authorised by its own tokens, never the session",
};

const isHelper = (r: RouteInfo) => r.url.startsWith(`${API}test/`);
const mutating = (r: RouteInfo) => !SAFE.has(r.method) || r.csrf;
/** A concrete URL for a route pattern: every path parameter (and wildcard) becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, '1').replace(/\*/g, '1');
const label = (r: RouteInfo) => `${r.method} ${r.url}`;

describe.skipIf(skipIfNoDatabase)('CSRF walk over every registered route', () => {
  let t: TestApp;
  let customer: Client;
  let dealer: Client;
  let operator: Client;
  let admin: Client;
  let routes: RouteInfo[];

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    routes = (t.app.routeTable as RouteInfo[]).filter((r) => !isHelper(r));
    const signIn = async (type: 'CUSTOMER' | 'DEALER') => {
      const user = await createTestUser(t.app.db, { type });
      const c = new Client(t.app);
      expect((await c.login(user.email, user.password)).statusCode).toBe(200);
      return c;
    };
    customer = await signIn('CUSTOMER');
    dealer = await signIn('DEALER');
    operator = await staffClient(t.app, 'OPERATOR');
    admin = await staffClient(t.app, 'ADMIN');
  });
  afterAll(() => t?.close());

  const send = (client: Client, route: RouteInfo, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as 'POST',
      url: concrete(route.url),
      headers: { cookie: client.cookie, ...headers },
      ...(SAFE.has(route.method) ? {} : { payload: {} }),
    });

  it('finds the routes of every module (sanity check of the route table)', () => {
    const walked = routes.filter((r) => r.url.startsWith(API) && mutating(r)).map(label);
    expect(walked).toEqual(
      expect.arrayContaining([
        'POST /panel/api/v1/auth/login',
        'POST /panel/api/v1/auth/logout',
        'POST /panel/api/v1/auth/refresh-token',
        'POST /panel/api/v1/auth/change-password',
        'POST /panel/api/v1/auth/check-password',
        'GET /panel/api/v1/users/update-language',
      ]),
    );
    expect(routes.some((r) => r.method === 'HEAD')).toBe(false);
  });

  it('every mutating route outside the API is known and explained', () => {
    const outside = routes.filter((r) => !r.url.startsWith(API) && !SAFE.has(r.method)).map(label);
    expect(outside.filter((r) => !(r in OUTSIDE_THE_API))).toEqual([]);
  });

  it('every protected mutating API route refuses a missing or wrong X-Csrf-Token with 403 CSRF (customer, dealer, operator, administrator)', async () => {
    const protectedRoutes = routes.filter(
      (r) => r.url.startsWith(API) && mutating(r) && r.access !== 'public',
    );
    expect(protectedRoutes.length).toBeGreaterThan(3);
    const failures: string[] = [];
    for (const route of protectedRoutes) {
      for (const [who, client] of [
        ['customer', customer],
        ['dealer', dealer],
        ['operator', operator],
        ['admin', admin],
      ] as const) {
        for (const [how, headers] of [
          ['no token', {}],
          ['wrong token', { 'x-csrf-token': `${client.csrf.slice(0, -2)}xx` }],
          ['empty token', { 'x-csrf-token': '' }],
        ] as const) {
          const res = await send(client, route, headers);
          const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : {};
          if (res.statusCode !== 403 || body.code !== 'CSRF') {
            failures.push(
              `${label(route)} as ${who} with ${how}: ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('public mutating API routes go on without the session when the token is missing: it stays alive', async () => {
    const publicRoutes = routes.filter((r) => r.url.startsWith(API) && mutating(r) && r.access === 'public');
    const failures: string[] = [];
    for (const route of publicRoutes) {
      for (const client of [customer, dealer, operator]) {
        const res = await send(client, route, {});
        if (res.statusCode >= 500)
          failures.push(`${label(route)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        const me = await t.app.inject({
          method: 'GET',
          url: `${API}auth/me`,
          headers: { cookie: client.cookie },
        });
        if (me.statusCode !== 200) failures.push(`${label(route)} ended the session without the token`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every non-public API route refuses an anonymous caller with 401', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.url.startsWith(API) && r.access !== 'public')) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: concrete(route.url),
        ...(SAFE.has(route.method) ? {} : { payload: {} }),
      });
      if (res.statusCode !== 401)
        failures.push(`${label(route)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('role routes refuse the other roles with 403 FORBIDDEN before anything runs (valid token)', async () => {
    const failures: string[] = [];
    // Who must be refused each access level: members' routes refuse staff, the console refuses members.
    const wrongFor: Record<string, [string, Client][]> = {
      user: [
        ['operator', operator],
        ['admin', admin],
      ],
      customer: [
        ['dealer', dealer],
        ['operator', operator],
        ['admin', admin],
      ],
      dealer: [
        ['customer', customer],
        ['operator', operator],
        ['admin', admin],
      ],
      staff: [
        ['customer', customer],
        ['dealer', dealer],
      ],
      admin: [
        ['customer', customer],
        ['dealer', dealer],
        ['operator', operator],
      ],
    };
    const checked = new Set<string>();
    for (const route of routes.filter((r) => r.url.startsWith(API) && r.access in wrongFor)) {
      checked.add(route.access);
      for (const [who, wrong] of wrongFor[route.access]!) {
        const res = await send(wrong, route, { 'x-csrf-token': wrong.csrf });
        const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : {};
        if (res.statusCode !== 403 || body.code !== 'FORBIDDEN') {
          failures.push(`${label(route)} as ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect([...checked]).toEqual(expect.arrayContaining(['user', 'customer', 'dealer', 'admin']));
  });

  it('the walk used none of the sessions up', async () => {
    for (const client of [customer, dealer, operator, admin])
      expect((await client.get('/auth/me')).statusCode).toBe(200);
  });
});
