import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  Client,
  createTestApp,
  type Json,
  signedInAs,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { multipartFile, pngOf } from '../../../test/support/upload';

let t: TestApp;
let operator: Client;
let operatorEn: Client;
let member: Client;
let memberEn: Client;
let dealer: Client;

beforeAll(async () => {
  t = await createTestApp();
  operator = await staffClient(t.app, 'OPERATOR');
  operatorEn = await staffClient(t.app, 'ADMIN', { language: 'en' });
  member = await signedInAs(t.app, 'customer@example.com');
  memberEn = await signedInAs(t.app, 'customer.en@example.com');
  dealer = await signedInAs(t.app, 'dealer@example.com');
});
afterAll(() => t?.close());

const put = (c: Client, path: string, body: unknown, opts?: { csrf?: boolean }) =>
  c.request('PUT', path, body, opts);
const del = (c: Client, path: string, opts?: { csrf?: boolean }) =>
  c.request('DELETE', path, undefined, opts);
async function upload(c: Client, galleryId: number, data?: Buffer, name = 'photo.png') {
  const file = multipartFile({ name, type: 'image/png', data: data ?? (await pngOf(900, 600)) });
  return c.request('POST', `/admin/galleries/${galleryId}/photos`, file.body, { headers: file.headers });
}

const GALLERY = {
  name_pl: 'Zimowy tor 2027',
  name_en: 'Winter circuit 2027',
  date: '2027-01-14',
  product_id: null,
  category_id: null,
};

const ENDPOINTS: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown][] = [
  ['GET', '/admin/galleries'],
  ['GET', '/admin/galleries/options'],
  ['GET', '/admin/galleries/1'],
  ['POST', '/admin/galleries', GALLERY],
  ['PUT', '/admin/galleries/1', { version: 1, gallery: GALLERY }],
  ['DELETE', '/admin/galleries/1'],
  ['PUT', '/admin/galleries/1/photos/1', { caption_pl: 'a', caption_en: 'a' }],
  ['POST', '/admin/galleries/1/photos/1/cover'],
  ['PUT', '/admin/galleries/1/photos', { ids: [1] }],
  ['DELETE', '/admin/galleries/1/photos/1'],
];

describe('galleries console: who may call it', () => {
  it('401 without a session, 403 for members and dealers, 403 CSRF without the token', async () => {
    const anonymous = new Client(t.app);
    const count = (await operator.get('/admin/galleries')).json().meta.total;
    for (const [method, path, body] of ENDPOINTS) {
      expect((await anonymous.request(method, path, body)).statusCode, `${method} ${path}`).toBe(401);
      for (const client of [member, dealer])
        expect((await client.request(method, path, body)).statusCode, `${method} ${path}`).toBe(403);
      if (method !== 'GET') {
        const res = await operator.request(method, path, body, { csrf: false });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().code).toBe('CSRF');
      }
    }
    expect((await anonymous.request('POST', '/admin/galleries/1/photos')).statusCode).toBe(401);
    expect((await member.request('POST', '/admin/galleries/1/photos')).statusCode).toBe(403);
    expect((await operator.get('/admin/galleries')).json().meta.total).toBe(count);
  });
});

describe('galleries', () => {
  let galleryId: number;

  it('lists with paging, sort and the members’ filters (year, month), refusing bad filters', async () => {
    const all = (await operator.get('/admin/galleries?per_page=10')).json();
    expect(all.meta).toMatchObject({ current_page: 1, per_page: 10 });
    expect(all.data.length).toBeGreaterThan(0);
    const options = (await operator.get('/admin/galleries/options')).json().data;
    const { year, months } = options.dates[0];
    const filtered = (
      await operator.get(`/admin/galleries?year=${year}&month=${months[0]}&per_page=100`)
    ).json().data as { date: string }[];
    expect(filtered.length).toBeGreaterThan(0);
    for (const g of filtered)
      expect(g.date.slice(0, 7)).toBe(`${year}-${String(months[0]).padStart(2, '0')}`);
    const byName = (await operator.get('/admin/galleries?sort=name&dir=asc&per_page=100')).json().data as {
      name_pl: string;
    }[];
    expect(byName.map((g) => g.name_pl)).toEqual(
      [...byName.map((g) => g.name_pl)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    for (const q of ['month=13', 'year=abc', 'per_page=7', 'sort=size', 'dir=up']) {
      const res = await operator.get(`/admin/galleries?${q}`);
      expect(res.statusCode, q).toBe(422);
    }
  });

  it('creates a gallery linked to an experience (its category by default); bad input refused', async () => {
    const options = (await operator.get('/admin/galleries/options')).json().data;
    const product = options.products[0];
    for (const [body, field, message] of [
      [{ ...GALLERY, name_pl: '' }, 'name_pl', /wymagane/],
      [{ ...GALLERY, date: '2027-02-30' }, 'date', /datę/],
      [{ ...GALLERY, date: 'jutro' }, 'date', /datę/],
      [{ ...GALLERY, product_id: 999_999 }, 'product_id', /Nieprawidłowa/],
      [{ ...GALLERY, category_id: 999_999 }, 'category_id', /Nieprawidłowa/],
    ] as const) {
      const res = await operator.post('/admin/galleries', body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]?.[0], field).toMatch(message);
    }
    const english = await operatorEn.post('/admin/galleries', { ...GALLERY, name_en: '' });
    expect(english.json().errors.name_en[0]).toMatch(/required/);

    const res = await operator.post('/admin/galleries', { ...GALLERY, product_id: product.id });
    expect(res.statusCode).toBe(201);
    const gallery = res.json().data;
    expect(gallery).toMatchObject({
      name_pl: GALLERY.name_pl,
      product_id: product.id,
      photos: [],
      version: 1,
    });
    expect(gallery.category_id).not.toBeNull();
    galleryId = gallery.id;
    expect((await auditRows(t.app, 'gallery', galleryId))[0]).toMatchObject({ action: 'create' });
    // The new date is a filter members can choose.
    const dates = (await member.get('/galleries/dates')).json().data as { year: number; months: number[] }[];
    expect(dates.find((d) => d.year === 2027)?.months).toContain(1);
  });

  it('uploads several photos, captions them (plain text), orders them and picks the tile; members see it all', async () => {
    const uploads = await Promise.all(
      [0, 1, 2].map((i) => upload(operator, galleryId, undefined, `photo-${i}.png`)),
    );
    for (const res of uploads) expect(res.statusCode).toBe(201);
    let gallery = (await operator.get(`/admin/galleries/${galleryId}`)).json().data;
    expect(gallery.photos).toHaveLength(3);
    const ids = gallery.photos.map((p: { id: number }) => p.id);
    for (const p of gallery.photos) {
      expect(p.file).toMatch(/^uploads\/.+\.webp$/);
      expect(p.srcset).toMatch(/480w/);
    }

    const caption = { caption_pl: '<img src=x onerror=alert(1)> Start', caption_en: 'The start' };
    let res = await put(operator, `/admin/galleries/${galleryId}/photos/${ids[1]}`, caption);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(caption);
    res = await put(operator, `/admin/galleries/${galleryId}/photos/${ids[1]}`, {
      caption_pl: 'x'.repeat(301),
      caption_en: '',
    });
    expect(res.statusCode).toBe(422);

    const order = [ids[2], ids[1], ids[0]];
    res = await put(operator, `/admin/galleries/${galleryId}/photos`, { ids: order });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { id: number }) => p.id)).toEqual(order);
    expect(
      (await put(operator, `/admin/galleries/${galleryId}/photos`, { ids: order.slice(1) })).statusCode,
    ).toBe(409);

    res = await operator.post(`/admin/galleries/${galleryId}/photos/${ids[1]}/cover`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.find((p: { is_cover: boolean }) => p.is_cover).id).toBe(ids[1]);

    const seen = (await member.get(`/galleries/item/${galleryId}`)).json().data;
    gallery = (await operator.get(`/admin/galleries/${galleryId}`)).json().data;
    expect(seen.images.map((i: { file: string }) => i.file)).toEqual(
      gallery.photos.map((p: { file: string }) => p.file),
    );
    expect(seen.images[1].caption).toBe(caption.caption_pl);
    expect(seen.image).toBe(gallery.photos[1].file);
    expect(seen.images_count).toBe(3);
    const seenEn = (await memberEn.get(`/galleries/item/${galleryId}`)).json().data;
    expect(seenEn.images[1].caption).toBe('The start');
    const listed = (await member.get('/galleries/items?where[year]=2027&where[month]=1')).json().data as {
      id: number;
    }[];
    expect(listed.map((g) => g.id)).toContain(galleryId);

    const actions = (await auditRows(t.app, 'gallery', galleryId)).map((r) => r.action);
    expect(actions).toEqual(['cover', 'reorder', 'create']);
    expect((await auditRows(t.app, 'gallery_photo', ids[1])).map((r) => r.action)).toEqual([
      'caption',
      'upload',
    ]);
  });

  it('refuses files that are not photos, and a gallery that does not exist; nothing is stored', async () => {
    const before = (await operator.get(`/admin/galleries/${galleryId}`)).json().data.photos.length;
    let res = await upload(
      operator,
      galleryId,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.png',
    );
    expect(res.statusCode).toBe(415);
    res = await upload(operator, galleryId, (await pngOf()).subarray(0, 200));
    expect(res.statusCode).toBe(422);
    res = await upload(operator, 999_999);
    expect(res.statusCode).toBe(404);
    expect((await operator.get(`/admin/galleries/${galleryId}`)).json().data.photos).toHaveLength(before);
  });

  it('edits the gallery (stale refused), removes a photo and the gallery; members stop seeing them', async () => {
    const gallery = (await operator.get(`/admin/galleries/${galleryId}`)).json().data;
    let res = await put(operator, `/admin/galleries/${galleryId}`, {
      version: gallery.version,
      gallery: { ...GALLERY, name_pl: 'Zimowy tor', date: '2027-02-03', product_id: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name_pl: 'Zimowy tor',
      version: gallery.version + 1,
      product_id: null,
    });
    res = await put(operator, `/admin/galleries/${galleryId}`, {
      version: gallery.version,
      gallery: GALLERY,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STALE');
    expect(
      (
        await put(operator, `/admin/galleries/${galleryId}`, {
          version: 99,
          gallery: { ...GALLERY, date: '' },
        })
      ).statusCode,
    ).toBe(422);
    expect((await member.get(`/galleries/item/${galleryId}`)).json().data.name).toBe('Zimowy tor');

    const cover = gallery.photos.find((p: { is_cover: boolean }) => p.is_cover);
    res = await del(operator, `/admin/galleries/${galleryId}/photos/${cover.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
    expect((await t.app.inject({ url: cover.file_url })).statusCode).toBe(404);
    expect((await member.get(`/galleries/item/${galleryId}`)).json().data.images_count).toBe(2);
    expect((await auditRows(t.app, 'gallery_photo', cover.id))[0]).toMatchObject({ action: 'delete' });

    res = await del(operator, `/admin/galleries/${galleryId}`);
    expect(res.statusCode).toBe(200);
    expect((await member.get(`/galleries/item/${galleryId}`)).statusCode).toBe(404);
    expect((await operator.get(`/admin/galleries/${galleryId}`)).statusCode).toBe(404);
    const [row] = await auditRows(t.app, 'gallery', galleryId);
    expect(row).toMatchObject({ action: 'delete' });
    expect(((row!.before as Json).photos as unknown[]).length).toBe(2);
    expect((await del(operator, `/admin/galleries/${galleryId}`)).statusCode).toBe(404);
  });

  it('a gallery linked to a past experience gives its card the photo count at once (catalogue cache)', async () => {
    const products = (await member.get('/products/items?page=1')).json().data as {
      id: number;
      event_images_count: number;
    }[];
    const product = products[0]!;
    const before = product.event_images_count;
    const created = (await operator.post('/admin/galleries', { ...GALLERY, product_id: product.id })).json()
      .data;
    expect((await upload(operator, created.id)).statusCode).toBe(201);
    const after = (
      (await member.get('/products/items?page=1')).json().data as { id: number; event_images_count: number }[]
    ).find((p) => p.id === product.id)!;
    expect(after.event_images_count).toBe(before + 1);
    await del(operator, `/admin/galleries/${created.id}`);
    const back = (
      (await member.get('/products/items?page=1')).json().data as { id: number; event_images_count: number }[]
    ).find((p) => p.id === product.id)!;
    expect(back.event_images_count).toBe(before);
  });
});
