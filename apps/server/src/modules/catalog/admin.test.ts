import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  afterNotify,
  auditRows,
  type Client,
  createTestApp,
  createTestUser,
  DB_KIND,
  signedInAs,
  skipIfNoDatabase,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { productImages, products } from '../../db/schema';
import { createMember, memberApi } from '../orders/test-fixtures';
import {
  avifOf,
  inDays,
  jpegWithLocation,
  multipart,
  pngBomb,
  pngHugeZeros,
  pngOf,
  SVG,
  validProductBody,
  webpOf,
} from './admin-test-fixtures';

type Product = {
  id: number;
  alias: string;
  version: number;
  status: string;
  price: number;
  photos: {
    id: number;
    file: string;
    file_url: string;
    srcset: string | null;
    is_cover: boolean;
    caption_pl: string;
  }[];
  [key: string]: unknown;
};

const API = '/admin/catalog/products';

describe.skipIf(skipIfNoDatabase)('console: experiences', () => {
  let t: TestApp;
  let dataDir: string;
  let operator: Client;
  let operatorEn: Client;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'club-catalog-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    operator = await staffClient(t.app, 'OPERATOR');
    operatorEn = await staffClient(t.app, 'OPERATOR', { language: 'en' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await operator.post(API, validProductBody(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Product;
  };
  const uploads = () => {
    try {
      return readdirSync(path.join(dataDir, 'media', 'uploads')).sort();
    } catch {
      return [];
    }
  };
  const upload = (client: Client, id: number, file: { name: string; type: string; data: Buffer } | null) => {
    const { body, headers } = multipart(file);
    return client.request('POST', `${API}/${id}/photos`, body, { headers });
  };

  it('creates a draft with every field in both languages, audited; members do not see it yet', async () => {
    const product = await create();
    expect(product).toMatchObject({
      status: 'draft',
      published: 0,
      version: 1,
      alias: 'dzien-na-torze-poznan',
      name_en: 'Track day Poznań',
      price: 1250.5,
      member_limit: 2,
      total_seats: 20,
      status_limit: 5,
      cart_label_pl: 'Numer rejestracyjny',
      cart_label_en: 'Registration number',
      interest_ids: [1, 2],
      start_time: '09:30',
    });
    expect((product.terms as { name_en: string }[]).map((x) => x.name_en)).toEqual(['Circuit rules']);
    const [row] = await auditRows(t.app, 'product', product.id);
    expect(row).toMatchObject({ action: 'create', actorEmail: operator.account!.email });
    expect((row!.after as { name_pl: string }).name_pl).toBe('Dzień na torze Poznań');
    const member = memberApi(t.app, await createMember(t.app.db));
    expect((await member.get(`/products/item/${product.id}`)).statusCode).toBe(404);
  });

  it('stores rich text through the members’ sanitiser: scripts and handlers never reach the database', async () => {
    const product = await create({
      alias: 'xss-check',
      description_pl: '<p onclick="alert(1)">Opis<script>alert(1)</script><img src=x onerror=alert(1)></p>',
      description_en: '<a href="javascript:alert(1)">link</a><b>bold</b>',
    });
    const [row] = await t.app.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.descriptionPl).not.toMatch(/script|onclick|onerror/);
    expect(row!.descriptionPl).toContain('Opis');
    expect(row!.descriptionEn).not.toContain('javascript:');
    expect(row!.descriptionEn).toContain('<b>bold</b>');
  });

  it('refuses each invalid field with its message in the staff member’s language, and stores nothing', async () => {
    await create({ alias: 'alias-taken' });
    const before = (await t.app.db.select({ id: products.id }).from(products)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name_pl: '' }, 'name_pl', 'To pole jest wymagane.'],
      [
        { end_date: inDays(1), start_date: inDays(5) },
        'end_date',
        'Koniec nie może być wcześniej niż początek.',
      ],
      [{ alias: '12-track' }, 'alias', 'Adres: małe litery'],
      [{ start_time: '25:00' }, 'start_time', 'gg:mm'],
      [{ price: -1 }, 'price', 'Najmniejsza dozwolona wartość to 0.'],
      [{ price: 10.555 }, 'price', 'Nieprawidłowa wartość'],
      [{ member_limit: 0 }, 'member_limit', 'Najmniejsza dozwolona wartość to 1.'],
      [{ contact_email: 'not-an-email' }, 'contact_email', 'adres e-mail'],
      [{ cart_label_en: null }, 'cart_label_en', 'To pole jest wymagane.'],
      [{ category_id: 999_999 }, 'category_id', 'Nieprawidłowa wartość'],
      [{ interest_ids: [999_999] }, 'interest_ids', 'Nieprawidłowa wartość'],
      [{ alias: 'alias-taken' }, 'alias', 'Ten adres ma już inne wydarzenie.'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await operator.post(API, validProductBody(overrides));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().errors[field]?.join(' '), field).toContain(message);
    }
    const en = await operatorEn.post(API, validProductBody({ name_en: ' ' }));
    expect(en.json().errors.name_en).toEqual(['This field is required.']);
    expect((await t.app.db.select({ id: products.id }).from(products)).length).toBe(before);
  });

  it('lists with text, category, status and date filters, sorting and paging', async () => {
    const a = await create({
      alias: 'filter-alpha',
      name_pl: 'Filtr Alfa',
      category_id: 2,
      start_date: inDays(100),
    });
    const b = await create({
      alias: 'filter-beta',
      name_pl: 'Filtr Beta',
      category_id: 3,
      start_date: inDays(200),
    });
    const ids = async (query: string) => {
      const res = await operator.get(`${API}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number }[]).map((p) => p.id);
    };
    expect(await ids('q=filtr&sort=start_date&dir=asc')).toEqual([a.id, b.id]);
    expect(await ids('q=filtr&sort=start_date&dir=desc')).toEqual([b.id, a.id]);
    expect(await ids('q=filtr&category_id=3')).toEqual([b.id]);
    expect(await ids(`q=filtr&from=${inDays(150)}`)).toEqual([b.id]);
    expect(await ids(`q=filtr&to=${inDays(150)}`)).toEqual([a.id]);
    expect(await ids('q=filtr&status=on_sale')).toEqual([]);
    const paged = await operator.get(`${API}?q=filtr&per_page=10&page=2`);
    expect(paged.json()).toMatchObject({
      data: [],
      meta: { current_page: 2, total: 2, last_page: 1, per_page: 10 },
    });
    const bad = await operator.get(`${API}?per_page=7&status=gone&from=${inDays(9)}&to=${inDays(1)}`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'status']);
    const range = await operator.get(`${API}?from=${inDays(9)}&to=${inDays(1)}`);
    expect(range.json().errors.to).toBeDefined();
  });

  it('a save on a stale version is refused with 409 STALE and changes nothing', async () => {
    const product = await create({ alias: 'stale-check' });
    const first = await operator.request('PUT', `${API}/${product.id}`, {
      version: 1,
      product: validProductBody({ alias: 'stale-check', price: 999 }),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ version: 2, price: 999 });
    const second = await operatorEn.request('PUT', `${API}/${product.id}`, {
      version: 1,
      product: validProductBody({ alias: 'stale-check', price: 5 }),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'STALE',
      message: expect.stringContaining('Reload the current version'),
    });
    const pl = await operator.request('POST', `${API}/${product.id}/publish`, {
      version: 1,
      mode: 'on_sale',
    });
    expect(pl.json()).toMatchObject({
      code: 'STALE',
      message: expect.stringContaining('Wczytaj aktualną wersję'),
    });
    expect((await operator.get(`${API}/${product.id}`)).json().data).toMatchObject({
      price: 999,
      version: 2,
      status: 'draft',
    });
    const rows = await auditRows(t.app, 'product', product.id);
    expect(rows.map((r) => r.action)).toEqual(['update', 'create']);
    expect((rows[0]!.before as { price: number }).price).toBe(1250.5);
    expect((rows[0]!.after as { price: number }).price).toBe(999);
  });

  it('publish, price change, unpublish, announce and archive show on the next member request', async () => {
    const product = await create({ alias: 'live-check', price: 300 });
    const member = memberApi(t.app, await createMember(t.app.db));
    const detail = async () => (await member.get(`/products/item/${product.id}`)).json().data;
    const listed = async () =>
      (
        (await member.get('/products/items?page=1&where[category_id]=1')).json().data as { id: number }[]
      ).some((p) => p.id === product.id);
    const act = async (verb: string, body: Record<string, unknown>) => {
      const version = (await operator.get(`${API}/${product.id}`)).json().data.version;
      const res = await operator.post(`${API}/${product.id}/${verb}`, { version, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Product;
    };
    expect((await act('publish', { mode: 'on_sale' })).status).toBe('on_sale');
    expect(await detail()).toMatchObject({ price: 300, can_order: true, published: 1 });
    expect(await listed()).toBe(true);
    const saved = await operator.request('PUT', `${API}/${product.id}`, {
      version: 2,
      product: validProductBody({ alias: 'live-check', price: 450, start_date: inDays(50) }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await detail()).toMatchObject({ price: 450, start_date: inDays(50) });
    expect((await act('publish', { mode: 'announced' })).status).toBe('announced');
    expect(await detail()).toMatchObject({ published: 2, can_order: false, can_set_notification: true });
    expect((await act('unpublish', {})).status).toBe('draft');
    expect((await member.get(`/products/item/${product.id}`)).statusCode).toBe(404);
    expect(await listed()).toBe(false);
    expect((await act('archive', {})).status).toBe('archived');
    const list = (await operator.get(`${API}?q=live-check`)).json().data as { id: number }[];
    expect(list).toEqual([]);
    const archived = (await operator.get(`${API}?q=live-check&status=archived`)).json().data as {
      id: number;
    }[];
    expect(archived.map((p) => p.id)).toEqual([product.id]);
    const actions = (await auditRows(t.app, 'product', product.id)).map((r) => r.action);
    expect(actions).toEqual(['archive', 'unpublish', 'publish', 'update', 'publish', 'create']);
  });

  it('duplicates an experience into a new hidden draft with its terms, interests and photos', async () => {
    const product = await create({ alias: 'dup-source' });
    const photo = await upload(operator, product.id, {
      name: 'a.png',
      type: 'image/png',
      data: await pngOf(),
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const res = await operator.post(`${API}/${product.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().data as Product;
    expect(copy).toMatchObject({
      alias: 'dup-source-copy',
      status: 'draft',
      name_pl: 'Dzień na torze Poznań (kopia)',
      name_en: 'Track day Poznań (copy)',
      interest_ids: [1, 2],
      version: 1,
    });
    expect((copy.terms as { id: number; name_en: string }[])[0]!.name_en).toBe('Circuit rules');
    expect(copy.photos.map((p) => p.file)).toEqual([photo.json().data.file]);
    expect(copy.photos[0]!.is_cover).toBe(true);
    expect((await operator.post(`${API}/${product.id}/duplicate`)).json().data.alias).toBe(
      'dup-source-copy-2',
    );
    expect((await auditRows(t.app, 'product', copy.id))[0]!.action).toBe('duplicate');
    // Removing the copy's photo keeps the files the original still shows.
    const files = uploads();
    const removed = await operator.request('DELETE', `${API}/${copy.id}/photos/${copy.photos[0]!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(uploads()).toEqual(files);
  });

  it('uploads a photo: stored at the member widths as WebP without its location, the first becomes the cover', async () => {
    const product = await create({ alias: 'photo-check' });
    const res = await upload(operator, product.id, {
      name: 'Tor 1.jpg',
      type: 'image/jpeg',
      data: await jpegWithLocation(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json().data as Product['photos'][number];
    expect(photo.file).toMatch(/^uploads\/[0-9a-f-]{36}-w1600\.webp$/);
    expect(photo.is_cover).toBe(true);
    const widths = photo.srcset!.split(', ').map((s) => Number(s.split(' ')[1]!.slice(0, -1)));
    expect(widths).toEqual([480, 768, 1200, 1600]);
    expect(photo.srcset!.endsWith(`${photo.file_url} 1600w`)).toBe(true);
    for (const entry of photo.srcset!.split(', ')) {
      const url = entry.split(' ')[0]!;
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(Number(entry.split(' ')[1]!.slice(0, -1)));
    }
    const small = await upload(operator, product.id, {
      name: 'small.webp',
      type: 'image/webp',
      data: await webpOf(700, 400),
    });
    expect(small.json().data.srcset).toMatch(
      /-480w\.webp 480w, \/panel\/media\/uploads\/.+-w700\.webp 700w$/,
    );
    expect(small.json().data.is_cover).toBe(false);
    const avif = await upload(operator, product.id, {
      name: 'c.avif',
      type: 'image/avif',
      data: await avifOf(),
    });
    expect(avif.statusCode, avif.body).toBe(201);
    expect((await auditRows(t.app, 'photo', photo.id))[0]).toMatchObject({ action: 'upload' });

    // Members see the photos and the cover with their srcset once the experience is published.
    const full = (await operator.get(`${API}/${product.id}`)).json().data as Product;
    await operator.post(`${API}/${product.id}/publish`, { version: full.version, mode: 'on_sale' });
    const member = memberApi(t.app, await createMember(t.app.db));
    const seen = (await member.get(`/products/item/${product.id}`)).json().data;
    expect(seen.image_url).toBe(photo.file_url);
    expect(seen.image_srcset).toBe(photo.srcset);
    expect(seen.images.map((i: { file: string }) => i.file)).toEqual(full.photos.map((p) => p.file));
  });

  it('captions, cover, order and removal of photos, each audited; removal deletes the files', async () => {
    const product = await create({ alias: 'photo-edit' });
    const ids: number[] = [];
    for (const name of ['a.png', 'b.png', 'c.png']) {
      const res = await upload(operator, product.id, {
        name,
        type: 'image/png',
        data: await pngOf(600, 400),
      });
      ids.push(res.json().data.id);
    }
    const caption = await operator.request('PUT', `${API}/${product.id}/photos/${ids[1]}`, {
      caption_pl: 'Start <b>wyścigu</b>',
      caption_en: 'The start',
    });
    expect(caption.json().data).toMatchObject({
      caption_pl: 'Start <b>wyścigu</b>',
      caption_en: 'The start',
    });
    const tooLong = await operator.request('PUT', `${API}/${product.id}/photos/${ids[1]}`, {
      caption_pl: 'x'.repeat(301),
      caption_en: '',
    });
    expect(tooLong.statusCode).toBe(422);
    const cover = await operator.post(`${API}/${product.id}/photos/${ids[2]}/cover`);
    expect(
      (cover.json().data as { id: number; is_cover: boolean }[]).filter((p) => p.is_cover).map((p) => p.id),
    ).toEqual([ids[2]]);
    const order = await operator.request('PUT', `${API}/${product.id}/photos`, {
      ids: [ids[2], ids[0], ids[1]],
    });
    expect((order.json().data as { id: number }[]).map((p) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
    // Members read each photo's caption in their language (their alt text), in the console's order.
    const full = (await operator.get(`${API}/${product.id}`)).json().data as Product;
    await operator.post(`${API}/${product.id}/publish`, { version: full.version, mode: 'on_sale' });
    for (const [language, captions] of [
      ['pl', ['', '', 'Start <b>wyścigu</b>']],
      ['en', ['', '', 'The start']],
    ] as const) {
      const member = memberApi(t.app, await createMember(t.app.db, { language }));
      const seen = (await member.get(`/products/item/${product.id}`)).json().data;
      expect(seen.images.map((i: { caption: string }) => i.caption)).toEqual(captions);
    }
    // An order that leaves a photo out was made from an outdated list: stale, as for a gallery.
    const wrongOrder = await operator.request('PUT', `${API}/${product.id}/photos`, {
      ids: [ids[0], ids[1]],
    });
    expect(wrongOrder.statusCode).toBe(409);
    const other = await create({ alias: 'photo-other' });
    expect((await operator.post(`${API}/${other.id}/photos/${ids[0]}/cover`)).statusCode).toBe(404);

    const before = uploads();
    const removed = await operator.request('DELETE', `${API}/${product.id}/photos/${ids[2]}`);
    expect(removed.statusCode).toBe(200);
    const left = removed.json().data as { id: number; is_cover: boolean }[];
    expect(left.map((p) => p.id)).toEqual([ids[0], ids[1]]);
    expect(left[0]!.is_cover).toBe(true);
    expect(before.length - uploads().length).toBe(2); // 480 and the 600 px file itself
    const actions = (await auditRows(t.app, 'photo', ids[2])).map((r) => r.action);
    expect(actions).toEqual(['delete', 'upload']);
    expect((await auditRows(t.app, 'product', product.id)).map((r) => r.action)).toEqual([
      'publish',
      'reorder',
      'cover',
      'create',
    ]);
    expect((await auditRows(t.app, 'photo', ids[1]))[0]).toMatchObject({ action: 'caption' });
  });

  it('refuses bad uploads with a clear 4xx and stores nothing', async () => {
    const product = await create({ alias: 'bad-uploads' });
    const jpeg = await jpegWithLocation(1200, 800);
    const cases: [string, { name: string; type: string; data: Buffer } | null, number, string][] = [
      ['SVG', { name: 'logo.svg', type: 'image/svg+xml', data: SVG }, 415, 'SVG'],
      ['SVG named .png', { name: 'logo.png', type: 'image/png', data: SVG }, 415, 'SVG'],
      [
        'a text file named .jpg',
        { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('<html>hello</html>') },
        415,
        'Ten plik nie jest zdjęciem',
      ],
      [
        'a GIF',
        {
          name: 'a.gif',
          type: 'image/gif',
          data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
        },
        415,
        'nie jest zdjęciem',
      ],
      [
        'over 15 MB',
        { name: 'big.jpg', type: 'image/jpeg', data: Buffer.concat([jpeg, Buffer.alloc(16 * 1024 * 1024)]) },
        413,
        '15 MB',
      ],
      [
        'a decompression bomb (header)',
        { name: 'bomb.png', type: 'image/png', data: await pngBomb() },
        422,
        '40 megapikseli',
      ],
      [
        'a decompression bomb (real data)',
        { name: 'zeros.png', type: 'image/png', data: pngHugeZeros(10_000, 10_000) },
        422,
        '40 megapikseli',
      ],
      [
        'a truncated JPEG',
        { name: 'cut.jpg', type: 'image/jpeg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
        422,
        'uszkodzony',
      ],
      [
        'a path in the name',
        { name: '../../etc/passwd.jpg', type: 'image/jpeg', data: jpeg },
        400,
        'ścieżki',
      ],
      [
        'a Windows path in the name',
        { name: 'C:\\\\photos\\\\a.jpg', type: 'image/jpeg', data: jpeg },
        400,
        'ścieżki',
      ],
      ['no file', null, 400, 'Nie wybrano pliku'],
    ];
    const rowsBefore = (await t.app.db.select().from(productImages)).length;
    const filesBefore = uploads();
    for (const [label, file, status, message] of cases) {
      const res = await upload(operator, product.id, file);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json().success).toBe(false);
      expect(res.json().message, label).toContain(message);
    }
    const json = await operator.request('POST', `${API}/${product.id}/photos`, { file: 'x' });
    expect(json.statusCode).toBe(415);
    const en = await upload(operatorEn, product.id, { name: 'logo.svg', type: 'image/svg+xml', data: SVG });
    expect(en.json().message).toBe('SVG files are not accepted: upload a JPEG, PNG, WebP or AVIF photo.');
    // Issue 28: a text file renamed .jpg is told it is not a photo, never that it is an SVG.
    const text = await upload(operatorEn, product.id, {
      name: 'notes.jpg',
      type: 'image/jpeg',
      data: Buffer.from('Shopping list: milk, bread\n'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('This file is not a photo: upload a JPEG, PNG, WebP or AVIF photo.');
    expect(
      (await upload(operator, 999_999, { name: 'a.png', type: 'image/png', data: await pngOf() })).statusCode,
    ).toBe(404);
    expect((await t.app.db.select().from(productImages)).length).toBe(rowsBefore);
    expect(uploads()).toEqual(filesBefore);
    expect(readdirSync(path.join(dataDir, 'media')).filter((f) => f !== 'uploads')).toEqual([]);
  });

  it('refuses members, dealers and anonymous callers, and writes without the CSRF header', async () => {
    const product = await create({ alias: 'access-check' });
    const anonymous = memberApi(t.app, null);
    expect((await anonymous.get(`/panel/api/v1${API}`)).statusCode).toBe(401);
    const customer = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const dealer = await createTestUser(t.app.db, { type: 'DEALER' });
    for (const account of [customer, dealer]) {
      const client = await signedInAs(t.app, account.email, account.password);
      expect((await client.get(API)).statusCode).toBe(403);
      expect((await client.post(API, validProductBody())).statusCode).toBe(403);
      expect(
        (await upload(client, product.id, { name: 'a.png', type: 'image/png', data: await pngOf() }))
          .statusCode,
      ).toBe(403);
    }
    const noCsrf = await operator.request(
      'POST',
      `${API}/${product.id}/publish`,
      { version: 1, mode: 'on_sale' },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('CSRF');
    const { body, headers } = multipart({ name: 'a.png', type: 'image/png', data: await pngOf() });
    const uploadNoCsrf = await operator.request('POST', `${API}/${product.id}/photos`, body, {
      headers,
      csrf: false,
    });
    expect(uploadNoCsrf.statusCode).toBe(403);
    expect((await operator.get(`${API}/${product.id}`)).json().data).toMatchObject({
      status: 'draft',
      photos: [],
    });
  });
});

describe.skipIf(skipIfNoDatabase || DB_KIND !== 'postgres')(
  'console: a change reaches members of another process',
  () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await createTestApp();
      b = await createTestApp({ sameDatabaseAs: a });
    }, 60_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('a price and a date saved through one app show through the other once its NOTIFY arrives', async () => {
      const operator = await staffClient(a.app, 'OPERATOR');
      const created = await operator.post(API, validProductBody({ alias: 'two-process', price: 100 }));
      const product = created.json().data as Product;
      await operator.post(`${API}/${product.id}/publish`, { version: 1, mode: 'on_sale' });
      const viewer = memberApi(b.app, await createMember(a.app.db));
      const detail = async () => (await viewer.get(`/products/item/${product.id}`)).json().data;
      await afterNotify(async () => (await detail())?.price === 100);
      // Read twice: the second answer comes from process B's cache.
      expect(await detail()).toMatchObject({ price: 100 });
      const saved = await operator.request('PUT', `${API}/${product.id}`, {
        version: 2,
        product: validProductBody({ alias: 'two-process', price: 175, start_date: inDays(77) }),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await afterNotify(async () => {
        const seen = await detail();
        return seen.price === 175 && seen.start_date === inDays(77);
      });
    });
  },
);
