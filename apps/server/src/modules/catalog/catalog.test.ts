import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  afterNotify,
  Client,
  createTestApp,
  createTestUser,
  signedInAs,
  type TestApp,
} from '../../../test/helpers';
import { cartItems, customerInterests, productNotifications, products } from '../../db/schema';
import { clubToday } from '../../lib/club-day';
import { memberFlags } from './member-flags';

let t: TestApp;
let customer: Client;
let dealer: Client;

beforeAll(async () => {
  t = await createTestApp();
  customer = await signedInAs(t.app, 'customer@example.com');
  dealer = await signedInAs(t.app, 'dealer@example.com');
});
afterAll(() => t?.close());

type P = Record<string, unknown> & {
  id: number;
  alias: string;
  can_order: boolean;
  can_set_notification: boolean;
};

async function productByAlias(client: Client, alias: string): Promise<P> {
  const res = await client.get(`/products/item/${alias}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as P;
}

async function freshCustomer(language: 'pl' | 'en' = 'pl') {
  const user = await createTestUser(t.database.db, { type: 'CUSTOMER', language });
  return { user, client: await signedInAs(t.app, user.email, user.password) };
}

describe('products/items', () => {
  it('needs a session', async () => {
    expect((await new Client(t.app).get('/products/items')).statusCode).toBe(401);
  });

  it('pages a category: 12 per page, upcoming first, then past', async () => {
    const categories = (await customer.get('/settings/categories/items')).json().data as {
      id: number;
      name: string;
    }[];
    const motorsport = categories.find((c) => c.name === 'Motorsport')!;
    const first = (await customer.get(`/products/items?page=1&where[category_id]=${motorsport.id}`)).json();
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 12, total: 13 });
    expect(first.data).toHaveLength(12);
    const second = (await customer.get(`/products/items?page=2&where[category_id]=${motorsport.id}`)).json();
    expect(second.data).toHaveLength(1);
    expect(second.data[0].is_past).toBe(true);
    const dates = first.data.map((p: { start_date: string }) => p.start_date);
    expect([...dates].sort()).toEqual(dates);
    for (const p of [...first.data, ...second.data]) expect(p.category.id).toBe(motorsport.id);
  });

  it('never lists hidden experiences', async () => {
    const all: P[] = [];
    for (let page = 1; page <= 3; page++)
      all.push(...(await customer.get(`/products/items?page=${page}`)).json().data);
    expect(all.some((p) => p.alias === 'private-preview-unlisted')).toBe(false);
    expect((await customer.get('/products/item/private-preview-unlisted')).statusCode).toBe(404);
  });

  it('selects for the member: upcoming experiences matching the interests, soonest first', async () => {
    const res = await customer.get('/products/items?where[for_user]=true');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as (P & { start_date: string; is_past: boolean })[];
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((p) => !p.is_past)).toBe(true);
    const dates = data.map((p) => p.start_date);
    expect([...dates].sort()).toEqual(dates);
    // The Polish demo member likes track days, golf, travel, wine…; an opera night is not for him.
    expect(data.some((p) => p.alias === 'opening-night-grand-theatre')).toBe(false);
    const english = await signedInAs(t.app, 'customer.en@example.com');
    const forEmily = (await english.get('/products/items?where[for_user]=1')).json().data as P[];
    expect(forEmily.some((p) => p.alias === 'opening-night-grand-theatre')).toBe(true);
  });

  it('falls back to the default interests for a member without any', async () => {
    const { user, client } = await freshCustomer();
    const rows = await t.database.db
      .select()
      .from(customerInterests)
      .where(eq(customerInterests.userId, user.id));
    expect(rows).toHaveLength(0);
    const data = (await client.get('/products/items?where[for_user]=true')).json().data as P[];
    expect(data.length).toBeGreaterThan(0);
  });

  it('answers in the member’s language', async () => {
    const english = await signedInAs(t.app, 'customer.en@example.com');
    expect((await productByAlias(english, 'alpine-passes')).name).toBe('Alpine Passes: Stelvio and Bernina');
    expect((await productByAlias(customer, 'alpine-passes')).name).toBe('Przełęcze Alp: Stelvio i Bernina');
  });

  it('refuses bad filters with 422, never a 500', async () => {
    for (const q of [
      'page=0',
      'page=abc',
      'where[category_id]=x',
      'where[category_id]=-1',
      'where[for_user]=maybe',
      'page=1&page=2',
    ]) {
      const res = await customer.get(`/products/items?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().success).toBe(false);
    }
    const res = await customer.get('/products/items?where[category_id]=x');
    expect(Object.keys(res.json().errors)).toContain('where[category_id]');
  });

  it('gives an empty page past the end', async () => {
    const res = (await customer.get('/products/items?page=99')).json();
    expect(res.data).toEqual([]);
    expect(res.meta.current_page).toBe(99);
  });
});

describe('products/item', () => {
  it('resolves the numeric id and the alias', async () => {
    const byAlias = await productByAlias(customer, 'track-day-tor-poznan');
    const byId = (await customer.get(`/products/item/${byAlias.id}`)).json().data;
    expect(byId.alias).toBe('track-day-tor-poznan');
    expect(byId.files).toHaveLength(2);
    expect(byId.files[0].file_url).toMatch(/^\/panel\/media\/files\/.+\.pdf$/);
    expect(byId.images.length).toBeGreaterThan(0);
    expect(byId.partners[0]).toHaveProperty('image_url');
    expect(byId.video_url).toBe('/panel/media/video/track-experience.webm');
    expect(byId.price).toBe(2900);
    expect(byId.category).toHaveProperty('banner_mobile_url');
  });

  it('404 for unknown ids and aliases, 422 for garbage', async () => {
    expect((await customer.get('/products/item/999999')).statusCode).toBe(404);
    expect((await customer.get('/products/item/no-such-experience')).statusCode).toBe(404);
    expect((await customer.get('/products/item/%3Cscript%3E')).statusCode).toBe(422);
    expect((await customer.get('/products/item/99999999999999999999')).statusCode).toBe(404);
    expect((await customer.get('/products/item/a_b')).statusCode).toBe(422);
  });

  it('computes the availability states for a customer', async () => {
    const available = await productByAlias(customer, 'track-day-tor-poznan');
    expect(available).toMatchObject({
      can_order: true,
      can_set_notification: false,
      is_past: false,
      overall_limit: 28,
      status_limit: 8,
      limit: 2,
    });
    const low = await productByAlias(customer, 'night-laps-silesia-ring');
    expect(low).toMatchObject({ can_order: true, overall_limit: 5, status_limit: 6 });
    const waitingList = await productByAlias(customer, 'm-masterclass');
    expect(waitingList).toMatchObject({ can_order: false, can_set_notification: true, overall_limit: null });
    const soldOut = await productByAlias(customer, 'drift-school');
    expect(soldOut).toMatchObject({ can_order: false, can_set_notification: false, overall_limit: null });
    const announced = await productByAlias(customer, 'lapland-arctic-expedition');
    expect(announced).toMatchObject({ published: 2, can_order: false, can_set_notification: true });
    expect(announced.ann_description).toContain('Ustaw powiadomienie');
    const past = await productByAlias(customer, 'atlas-sahara-expedition');
    expect(past).toMatchObject({ is_past: true, can_order: false, can_set_notification: false });
    expect(past.event_images_count).toBe(8);
    expect(past.gallery_id).toEqual(expect.any(Number));
    const pastWithoutPhotos = await productByAlias(customer, 'chefs-table-workshop');
    expect(pastWithoutPhotos).toMatchObject({ is_past: true, event_images_count: 0, gallery_id: null });
  });

  it('a dealer may look but never order or join a waiting list', async () => {
    const p = await productByAlias(dealer, 'track-day-tor-poznan');
    expect(p).toMatchObject({
      can_order: false,
      can_set_notification: false,
      is_set_notification: false,
      overall_limit: 28,
    });
    const m = await productByAlias(dealer, 'm-masterclass');
    expect(m).toMatchObject({ can_order: false, can_set_notification: false });
  });

  it('what the member holds takes can_order away', async () => {
    const { user, client } = await freshCustomer();
    const before = await productByAlias(client, 'excellence-cup-golf');
    expect(before.can_order).toBe(true);
    // Written by hand, as another process would: seen once its NOTIFY arrives (helpers.ts afterNotify).
    await t.database.db.insert(cartItems).values({ userId: user.id, productId: before.id, quantity: 1 });
    await afterNotify(async () => (await productByAlias(client, 'excellence-cup-golf')).can_order === false);
    // Why: it is in the cart (the screens say "In your cart"), not the limit.
    expect(await productByAlias(client, 'excellence-cup-golf')).toMatchObject({
      can_order: false,
      in_cart: true,
      limit_reached: false,
    });
    // Other members are not affected.
    expect(await productByAlias(customer, 'excellence-cup-golf')).toMatchObject({
      can_order: true,
      in_cart: false,
    });
  });

  it('members reading the same cached page in turns each get their own flags', async () => {
    const { user, client } = await freshCustomer();
    const golf = await productByAlias(client, 'excellence-cup-golf');
    await t.database.db.insert(cartItems).values({ userId: user.id, productId: golf.id, quantity: 1 });
    await afterNotify(async () => (await productByAlias(client, 'excellence-cup-golf')).can_order === false);
    const category = (golf.category as { id: number }).id;
    const inList = async (who: Client) => {
      for (let page = 1; page <= 5; page++) {
        const res = await who.get(`/products/items?where[category_id]=${category}&page=${page}`);
        expect(res.statusCode).toBe(200);
        const found = (res.json().data as P[]).find((p) => p.id === golf.id);
        if (found) return found;
      }
      throw new Error('not listed');
    };
    for (let round = 0; round < 2; round++) {
      expect(await inList(client)).toMatchObject({ can_order: false, in_cart: true, limit: 2 });
      expect(await inList(customer)).toMatchObject({
        can_order: true,
        in_cart: false,
        is_set_notification: false,
      });
      expect(await inList(dealer)).toMatchObject({ can_order: false, can_set_notification: false });
    }
  });

  it('seats freed up make a sold-out experience orderable again', async () => {
    const { client } = await freshCustomer();
    const p = await productByAlias(client, 'amalfi-coast');
    expect(p.can_order).toBe(false);
    await t.database.db.update(products).set({ seatsTaken: 11 }).where(eq(products.id, p.id));
    await afterNotify(async () => (await productByAlias(client, 'amalfi-coast')).can_order === true);
    expect(await productByAlias(client, 'amalfi-coast')).toMatchObject({ can_order: true, overall_limit: 1 });
    await t.database.db.update(products).set({ seatsTaken: 12 }).where(eq(products.id, p.id));
  });
});

describe('products/add-notification', () => {
  it('records the wish once; a repeat is harmless', async () => {
    const { user, client } = await freshCustomer();
    const p = await productByAlias(client, 'm-masterclass');
    expect(p.is_set_notification).toBe(false);
    for (let i = 0; i < 2; i++) {
      const res = await client.post(`/products/add-notification/${p.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    const rows = await t.database.db
      .select()
      .from(productNotifications)
      .where(eq(productNotifications.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await productByAlias(client, 'm-masterclass')).toMatchObject({
      is_set_notification: true,
      can_set_notification: true,
    });
  });

  it('works for an announced experience', async () => {
    const { client } = await freshCustomer();
    const p = await productByAlias(client, 'dolomites-roads-and-peaks');
    expect((await client.post(`/products/add-notification/${p.id}`)).statusCode).toBe(200);
  });

  it('409 when the experience is on sale, past or its list is closed', async () => {
    const { client } = await freshCustomer('en');
    for (const alias of ['track-day-tor-poznan', 'atlas-sahara-expedition', 'drift-school']) {
      const p = await productByAlias(client, alias);
      const res = await client.post(`/products/add-notification/${p.id}`);
      expect(res.statusCode, alias).toBe(409);
      expect(res.json().message).toBe('A notification cannot be set for this experience now.');
    }
  });

  it('guards: 401, 403 for a dealer, 403 without CSRF, 404 unknown, 422 bad id', async () => {
    const p = await productByAlias(customer, 'm-masterclass');
    expect((await new Client(t.app).post(`/products/add-notification/${p.id}`)).statusCode).toBe(401);
    expect((await dealer.post(`/products/add-notification/${p.id}`)).statusCode).toBe(403);
    expect((await customer.post(`/products/add-notification/${p.id}`, {}, { csrf: false })).statusCode).toBe(
      403,
    );
    expect((await customer.post('/products/add-notification/999999')).statusCode).toBe(404);
    expect((await customer.post('/products/add-notification/abc')).statusCode).toBe(422);
  });
});

describe('settings', () => {
  it('lists categories with images and partners with logos', async () => {
    const categories = (await customer.get('/settings/categories/items')).json().data;
    expect(categories.length).toBeGreaterThanOrEqual(4);
    expect(categories[0]).toMatchObject({
      name: 'Motorsport',
      image_url: expect.stringMatching(/^\/panel\/media\//),
    });
    // Each category's address in both languages, the member's own first (links in both languages).
    const journeys = categories.find((c: { slugs: string[] }) => c.slugs.includes('journeys'));
    expect(journeys.slugs).toEqual(['wyprawy', 'journeys']);
    const english = await signedInAs(
      t.app,
      (await createTestUser(t.app.db, { type: 'CUSTOMER', language: 'en' })).email,
    );
    const inEnglish = (await english.get('/settings/categories/items')).json().data;
    expect(inEnglish.find((c: { id: number }) => c.id === journeys.id).slugs).toEqual([
      'journeys',
      'wyprawy',
    ]);
    const partners = (await customer.get('/settings/partners/items')).json().data;
    expect(partners.length).toBeGreaterThanOrEqual(4);
    expect(partners.some((p: { url: string | null }) => p.url === null)).toBe(true);
    expect((await new Client(t.app).get('/settings/categories/items')).statusCode).toBe(401);
    expect((await new Client(t.app).get('/settings/partners/items')).statusCode).toBe(401);
  });
});

/** Every `*_url` picture of an object tree paired with its `*_srcset` (photos: `file_url` + `srcset`). */
function pictures(value: unknown, out: { url: string; srcset: unknown }[] = []) {
  if (Array.isArray(value)) for (const v of value) pictures(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const [key, v] of Object.entries(o)) {
      const base = key.replace(/_url$/, '');
      if (key.endsWith('_url') && typeof v === 'string' && /\.webp$/.test(v))
        out.push({ url: v, srcset: base === 'file' ? o.srcset : o[`${base}_srcset`] });
      else pictures(v, out);
    }
  }
  return out;
}

/** Checks that each picture has a srcset whose widths ascend, whose largest is the picture itself, and whose every file is served. */
async function expectServedSrcsets(found: { url: string; srcset: unknown }[]) {
  expect(found.length).toBeGreaterThan(0);
  for (const { url, srcset } of found) {
    expect(srcset, url).toEqual(expect.any(String));
    const candidates = (srcset as string).split(', ').map((c) => {
      const [src, w] = c.split(' ');
      return { src: src!, width: Number(w!.replace(/w$/, '')) };
    });
    expect(candidates.length, url).toBeGreaterThanOrEqual(2);
    const widths = candidates.map((c) => c.width);
    expect(
      [...widths].sort((a, b) => a - b),
      url,
    ).toEqual(widths);
    expect(candidates.at(-1)!.src, url).toBe(url);
    for (const c of candidates.slice(0, -1)) expect(c.src).toMatch(new RegExp(`-${c.width}w\\.webp$`));
    for (const c of candidates) {
      const res = await t.app.inject({ method: 'HEAD', url: c.src });
      expect(res.statusCode, c.src).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
  }
}

describe('media', () => {
  it('gives every picture of products, categories and product pages its sized variants, each served', async () => {
    const list = (await customer.get('/products/items?page=1')).json().data;
    const categories = (await customer.get('/settings/categories/items')).json().data;
    const detail = await productByAlias(customer, 'track-day-tor-poznan');
    const found = pictures([list, categories, detail]);
    // Cards (image, mobile image, category banners), category tiles and banners, the slideshow photos.
    expect(found.filter((p) => p.url.includes('/products/')).length).toBeGreaterThanOrEqual(list.length * 2);
    expect(found.filter((p) => p.url.includes('/categories/')).length).toBeGreaterThanOrEqual(12);
    expect(found.filter((p) => p.url.includes('/gallery/')).length).toBeGreaterThan(0);
    await expectServedSrcsets([...new Map(found.map((p) => [p.url, p])).values()]);
  });

  it('the same srcsets whether a cached page or a fresh read built the response, in both languages', async () => {
    const en = (await freshCustomer('en')).client;
    const pl1 = (await customer.get('/products/items?page=1')).body;
    const pl2 = (await customer.get('/products/items?page=1')).body;
    expect(pl2).toBe(pl1);
    const srcsets = (body: string) =>
      (JSON.parse(body).data as { id: number; image_srcset: string }[]).map((p) => [p.id, p.image_srcset]);
    expect(srcsets((await en.get('/products/items?page=1')).body)).toEqual(srcsets(pl1));
  });

  it('serves generated media with long cache headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/panel/media/products/track-day.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('max-age=2592000');
    expect((await t.app.inject({ method: 'GET', url: '/panel/media/nope.webp' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/panel/media/../package.json' })).statusCode).toBe(404);
  });
});

describe('member flags', () => {
  const base = {
    published: 1,
    startDate: '2030-06-10',
    totalSeats: 10,
    seatsTaken: 0,
    seatsHeld: 0,
    memberLimit: 2,
    statusLimit: 3,
    inCart: false,
    heldQuantity: 0,
    notificationSet: false,
    heldUntil: null as string | null,
  };
  const member = { userId: 1, type: 'CUSTOMER' as const, today: '2030-06-01' };
  it('closes sales on the start day and calls it past the day after', () => {
    expect(memberFlags(base, { ...member, today: '2030-06-09' }).can_order).toBe(true);
    expect(memberFlags(base, { ...member, today: '2030-06-10' })).toMatchObject({
      can_order: false,
      is_past: false,
    });
    expect(memberFlags(base, { ...member, today: '2030-06-11' })).toMatchObject({ is_past: true });
  });
  it('stops orders at the member limit', () => {
    expect(memberFlags({ ...base, heldQuantity: 2 }, member)).toMatchObject({
      can_order: false,
      limit_reached: true,
      in_cart: false,
    });
    expect(memberFlags({ ...base, heldQuantity: 1 }, member).can_order).toBe(true);
  });
  it('treats an uncapped experience as available', () => {
    expect(memberFlags({ ...base, totalSeats: null }, member)).toMatchObject({
      can_order: true,
      overall_limit: 999,
    });
  });
  it('held seats are sold out to everyone but the member they are held for', () => {
    const held = { ...base, seatsTaken: 8, seatsHeld: 2 };
    expect(memberFlags(held, member)).toMatchObject({
      can_order: false,
      can_set_notification: true,
      overall_limit: null,
      held_until: null,
    });
    const until = '2030-06-02T10:00:00.000Z';
    expect(memberFlags({ ...held, heldUntil: until }, member)).toMatchObject({
      can_order: true,
      can_set_notification: false,
      overall_limit: 1,
      held_until: until,
    });
    expect(memberFlags({ ...held, seatsTaken: 7, heldUntil: until }, member).overall_limit).toBe(2);
  });
  it('hidden experiences are never on sale', () => {
    expect(memberFlags({ ...base, published: 0 }, member)).toMatchObject({
      can_order: false,
      can_set_notification: false,
    });
  });
  it('uses the club calendar', () => {
    expect(clubToday(new Date('2030-01-01T23:30:00Z'))).toBe('2030-01-02');
  });
});
