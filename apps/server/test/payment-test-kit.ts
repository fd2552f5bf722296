import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../src/db/schema';
import { orderTimeline } from '../src/modules/orders/timeline';
import { createMember, createTestProduct, memberApi } from '../src/modules/orders/test-fixtures';
import { createTestApp, type TestApp } from './helpers';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** An app that listens for real, so an operator's stand-in can post its notifications over HTTP. */
export async function listeningApp(
  env: Record<string, string>,
  sameDatabaseAs?: TestApp,
  logs?: string[],
): Promise<TestApp> {
  const port = await freePort();
  const t = await createTestApp({
    env: { ...env, PUBLIC_URL: `http://127.0.0.1:${port}` },
    ...(sameDatabaseAs ? { sameDatabaseAs } : {}),
    ...(logs ? { logs } : {}),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}

/** A fresh member with one filled cart line (1 500,00 zł unless told) and the API as that member. */
export async function memberWithCart(
  t: TestApp,
  opts: { language?: 'pl' | 'en'; priceGrosze?: number } = {},
) {
  const member = await createMember(t.app.db, { language: opts.language });
  const api = memberApi(t.app, member);
  const { product, terms } = await createTestProduct(t.app.db, {
    terms: 1,
    ...(opts.priceGrosze ? { priceGrosze: opts.priceGrosze } : {}),
  });
  const id = (await api.post('/sales/cart/add', { product_id: product.id })).json().data.id;
  const res = await api.post(`/sales/cart/update/${id}`, {
    quantity: 1,
    persons: [],
    terms: terms.map((x) => ({ term_id: x.id, value: 1 })),
  });
  expect(res.statusCode).toBe(200);
  return { member, api, product };
}

export const orderRow = async (t: TestApp, id: number) =>
  (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;

export const timelineKinds = async (t: TestApp, id: number) =>
  (await orderTimeline(t.app.db, id)).map((e) => e.kind);

export async function waitFor(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The payer's browser on the operator's page: posts the form and follows nothing. */
export async function payerPosts(url: string): Promise<{ status: number; location: string | null }> {
  const res = await fetch(url, { method: 'POST', redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
}
