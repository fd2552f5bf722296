import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleries, galleryImages } from '../../db/schema';
import { Client, createTestApp, signedInAs, type TestApp } from '../../../test/helpers';

let t: TestApp;
let member: Client;

beforeAll(async () => {
  t = await createTestApp();
  member = await signedInAs(t.app, 'customer@example.com');
});
afterAll(() => t?.close());

type Gallery = { id: number; name: string; date: string; image_url: string; images: { file_url: string }[] };

describe('galleries', () => {
  it('need a session', async () => {
    const anonymous = new Client(t.app);
    for (const path of ['/galleries/items', '/galleries/dates', '/galleries/item/1']) {
      expect((await anonymous.get(path)).statusCode, path).toBe(401);
    }
  });

  it('lists galleries latest first, 12 a page, with their photos', async () => {
    const first = (await member.get('/galleries/items?page=1')).json();
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 12, last_page: 2 });
    expect(first.data).toHaveLength(12);
    const dates = (first.data as Gallery[]).map((g) => g.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.data[0].images.length).toBeGreaterThan(0);
    expect(first.data[0].image_url).toMatch(/^\/panel\/media\/gallery\//);
    // Tiles and slideshow photos carry their sized variants, narrowest first, the largest being the file.
    for (const g of first.data as (Gallery & { image_srcset: string; images: { srcset: string }[] })[]) {
      expect(g.image_srcset).toMatch(/^\/panel\/media\/gallery\/\S+-480w\.webp 480w, /);
      expect(g.image_srcset.endsWith(`${g.image_url} 1600w`)).toBe(true);
      for (const i of g.images) expect(i.srcset.split(', ')).toHaveLength(4);
    }
    const second = (await member.get('/galleries/items?page=2')).json();
    expect(second.data.length).toBe(first.meta.total - 12);
  });

  it('offers years (latest first) with their months, spanning at least two years', async () => {
    const dates = (await member.get('/galleries/dates')).json().data as { year: number; months: number[] }[];
    expect(dates.length).toBeGreaterThanOrEqual(2);
    expect(dates[0]!.year).toBeGreaterThan(dates[1]!.year);
    for (const d of dates) expect([...d.months].sort((a, b) => a - b)).toEqual(d.months);
  });

  it('filters by year and month', async () => {
    const dates = (await member.get('/galleries/dates')).json().data as { year: number; months: number[] }[];
    const { year, months } = dates[dates.length - 1]!;
    const byYear = (await member.get(`/galleries/items?where[year]=${year}`)).json().data as Gallery[];
    expect(byYear.length).toBeGreaterThan(0);
    expect(byYear.every((g) => g.date.startsWith(String(year)))).toBe(true);
    const month = months[0]!;
    const byMonth = (await member.get(`/galleries/items?where[year]=${year}&where[month]=${month}`)).json()
      .data as Gallery[];
    expect(byMonth.length).toBeGreaterThan(0);
    expect(byMonth.every((g) => g.date.startsWith(`${year}-${String(month).padStart(2, '0')}`))).toBe(true);
    expect((await member.get('/galleries/items?where[year]=1990')).json().data).toEqual([]);
  });

  it('refuses bad filters with 422', async () => {
    for (const q of ['where[month]=13', 'where[month]=0', 'where[year]=abc', 'page=-1']) {
      expect((await member.get(`/galleries/items?${q}`)).statusCode, q).toBe(422);
    }
  });

  it('opens one gallery; 404 for an unknown one', async () => {
    const list = (await member.get('/galleries/items')).json().data as Gallery[];
    const res = await member.get(`/galleries/item/${list[0]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.images).toEqual(list[0]!.images);
    expect((await member.get('/galleries/item/999999')).statusCode).toBe(404);
    expect((await member.get('/galleries/item/x')).statusCode).toBe(422);
  });

  it('names galleries in the member’s language', async () => {
    const english = await signedInAs(t.app, 'customer.en@example.com');
    const names = ((await english.get('/galleries/items?page=1')).json().data as Gallery[]).map(
      (g) => g.name,
    );
    expect(names).toContain('Atlas and Sahara Expedition');
  });

  it('serves a page kept encoded, dropped when a gallery or a photo changes (any process: NOTIFY)', async () => {
    const read = async () => (await member.get('/galleries/items?page=1')).body;
    const before = await read();
    // A second read is the kept bytes: the same answer.
    expect(await read()).toBe(before);
    const first = (JSON.parse(before).data as (Gallery & { images_count: number })[])[0]!;
    const db = t.database.db;
    const [old] = await db.select().from(galleries).where(eq(galleries.id, first.id));
    // Written in SQL, as another process or the console would: only the trigger's NOTIFY tells.
    await db.update(galleries).set({ namePl: 'Galeria zmieniona' }).where(eq(galleries.id, first.id));
    const pageOf = async () => JSON.parse(await read()).data[0] as Gallery & { images_count: number };
    await expect.poll(async () => (await pageOf()).name, { timeout: 5000 }).toBe('Galeria zmieniona');
    const [photo] = await db
      .select()
      .from(galleryImages)
      .where(eq(galleryImages.galleryId, first.id))
      .limit(1);
    await db.delete(galleryImages).where(eq(galleryImages.id, photo!.id));
    await expect
      .poll(async () => (await pageOf()).images_count, { timeout: 5000 })
      .toBe(first.images_count - 1);
    await db.insert(galleryImages).values(photo!);
    await db.update(galleries).set({ namePl: old!.namePl }).where(eq(galleries.id, first.id));
    await expect.poll(read, { timeout: 5000 }).toBe(before);
  });
});
