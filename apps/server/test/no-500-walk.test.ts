import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../src/app';
import { Client, createTestApp, createTestUser, skipIfNoDatabase, type TestApp } from './helpers';

/**
 * "Bad input never yields a 500" (DESIGN.md §4), walked over every registered API route with a valid
 * session and CSRF token, so that later routes are covered too: hostile path parameters, query
 * strings and bodies must all end in a 4xx (or a success), never in a server error.
 */
const API = '/panel/api/v1/';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const PARAMS = ['abc', '0', '-1', '1.5', '99999999999999999999', '%00', '1%27%20or%201%3D1', 'x'.repeat(150)];
const QUERIES = [
  '',
  '?page=abc',
  '?page=-1&where[category_id]=abc',
  '?page=99999999999999999999',
  '?where=1&where[search]=%00',
  '?where[year]=abc&where[month]=13&where[for_user]=maybe',
  `?where[status]=NOPE&where[search]=${'x'.repeat(2000)}`,
  '?language_id=abc&id[]=1&id[]=2',
  '?type=ABOUT&type=OTHER',
];
const BODIES: unknown[] = [
  {},
  [],
  { id: 'abc', quantity: -1, product_id: 'x', discount_code: ['x'], email: 12, password: {} },
  {
    user: 'x',
    customer: [1],
    persons: 'x',
    terms: [{ term_id: 'a', value: 'b' }],
    interests: ['a', -1, 1e308],
  },
  { quantity: 1e308, product_id: 2 ** 53, price: Number.MAX_SAFE_INTEGER, language_id: -5 },
  { name: '\u0000', surname: 'x'.repeat(10_000), email: 'a@b', phone: '\u202e123', __proto__x: 1 },
  null,
];

const concrete = (url: string, param: string) =>
  url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, param).replace(/\*/g, param);

describe.skipIf(skipIfNoDatabase)('no 500 for anything a client sends, on every API route', () => {
  let t: TestApp;
  let clients: { who: string; client: Client }[];
  beforeAll(async () => {
    t = await createTestApp();
    clients = [];
    for (const type of ['CUSTOMER', 'DEALER'] as const) {
      const user = await createTestUser(t.app.db, { type });
      const client = new Client(t.app);
      expect((await client.login(user.email, user.password)).statusCode).toBe(200);
      // Dealer routes behind the password re-entry: verify once so that their handlers run too.
      await client.post('/auth/check-password', { password: user.password });
      clients.push({ who: type.toLowerCase(), client });
    }
    clients.push({ who: 'anonymous', client: new Client(t.app) });
  }, 120_000);
  afterAll(() => t?.close());

  it('walks every route with hostile parameters, queries and bodies', { timeout: 600_000 }, async () => {
    const routes = (t.app.routeTable as RouteInfo[]).filter(
      (r) =>
        r.url.startsWith(API) &&
        !r.url.startsWith(`${API}test/`) &&
        // Signing out would end the walk's own sessions.
        r.url !== `${API}auth/logout` &&
        r.url !== `${API}auth/change-password` &&
        !r.url.includes('remove-account'),
    );
    const failures: string[] = [];
    for (const route of routes) {
      const hasParams = /[:*]/.test(route.url);
      for (const { who, client } of clients) {
        const urls = hasParams ? PARAMS.map((p) => concrete(route.url, p)) : [route.url];
        for (const url of urls) {
          for (const query of SAFE.has(route.method) ? QUERIES : QUERIES.slice(0, 2)) {
            const bodies = SAFE.has(route.method) ? [undefined] : BODIES;
            for (const body of bodies) {
              const res = await t.app.inject({
                method: route.method as 'POST',
                url: `${url}${query}`,
                headers: {
                  ...(client.cookie ? { cookie: client.cookie, 'x-csrf-token': client.csrf } : {}),
                  ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                },
                ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
              });
              if (res.statusCode >= 500) {
                failures.push(
                  `${route.method} ${url}${query} as ${who} body ${JSON.stringify(body)?.slice(0, 60)}: ${res.statusCode} ${res.body.slice(0, 160)}`,
                );
              }
            }
          }
        }
      }
    }
    expect(failures.slice(0, 30)).toEqual([]);
  });

  /** Bodies no form would send: depth, size, encoding and type, raw on the wire. */
  const RAW: {
    name: string;
    contentType?: string;
    headers?: Record<string, string>;
    payload: string | Buffer;
  }[] = [
    { name: 'array nested 10,000 deep', payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
    { name: 'object nested 10,000 deep', payload: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` },
    { name: 'over the body limit', payload: JSON.stringify({ x: 'a'.repeat(300 * 1024) }) },
    {
      name: 'invalid UTF-8',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    },
    { name: 'byte-order mark', payload: '\ufeff{"product_id":1}' },
    { name: 'latin1 charset', contentType: 'application/json; charset=latin1', payload: '{"a":1}' },
    { name: 'UTF-16 charset', contentType: 'application/json; charset=utf-16', payload: '{"a":1}' },
    { name: 'gzip that is not', headers: { 'content-encoding': 'gzip' }, payload: '{"a":1}' },
    { name: 'plain text', contentType: 'text/plain', payload: 'hello' },
    { name: 'form', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b[c]=2' },
    { name: 'multipart', contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n--x--' },
    { name: 'empty JSON', payload: '' },
    { name: 'truncated JSON', payload: '{"product_id":' },
    { name: 'number too large', payload: '{"product_id":1e400,"quantity":-0}' },
    { name: 'lone surrogate', payload: '{"discount_code":"\\ud800","name":"\\udfff"}' },
    { name: 'prototype keys', payload: '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}' },
  ];

  it('answers bodies of any depth, size, encoding and type with a 4xx envelope', {
    timeout: 300_000,
  }, async () => {
    const routes = (t.app.routeTable as RouteInfo[]).filter(
      (r) =>
        r.url.startsWith(API) &&
        !SAFE.has(r.method) &&
        !r.url.startsWith(`${API}test/`) &&
        r.url !== `${API}auth/logout` &&
        r.url !== `${API}auth/change-password` &&
        !r.url.includes('remove-account'),
    );
    const { client } = clients[0]!;
    const failures: string[] = [];
    for (const route of routes) {
      for (const raw of RAW) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: concrete(route.url, '1'),
          headers: {
            cookie: client.cookie!,
            'x-csrf-token': client.csrf!,
            'content-type': raw.contentType ?? 'application/json',
            ...raw.headers,
          },
          payload: raw.payload,
        });
        let envelope = false;
        try {
          envelope = typeof (res.json() as { success?: unknown }).success === 'boolean';
        } catch {}
        if (res.statusCode >= 500 || !envelope)
          failures.push(
            `${route.method} ${route.url} ${raw.name}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures.slice(0, 30)).toEqual([]);
  });
});
