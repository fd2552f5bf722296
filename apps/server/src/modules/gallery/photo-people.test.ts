import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  Client,
  createTestApp,
  createTestUser,
  signedInAs,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { multipartFile, pngOf } from '../../../test/support/upload';
import { galleryImages, users } from '../../db/schema';
import { keyringOf } from '../../lib/pii-crypto';
import { collectMemberData } from '../privacy/export/collect';
import { renderExportHtml } from '../privacy/export/render-html';

/**
 * Photos that show a member (issue 31, docs/privacy.md "Erasure"): staff tag a gallery photo with a
 * member in the gallery editor, the member's console page and export list it, and removing the
 * account deletes the photo and its files while the gallery's other photos stay.
 */
let t: TestApp;
let operator: Client;
let operatorEn: Client;
let admin: Client;
let galleryId: number;
let tagged: { id: number; file: string };
let untagged: { id: number; file: string };

async function upload(c: Client) {
  const file = multipartFile({ name: 'photo.png', type: 'image/png', data: await pngOf(900, 600) });
  const res = await c.request('POST', `/admin/galleries/${galleryId}/photos`, file.body, {
    headers: file.headers,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; file: string };
}
const people = (id: number, photoId: number) => `/admin/galleries/${id}/photos/${photoId}/people`;
const stored = (file: string) => existsSync(path.resolve(t.app.config.DATA_DIR, 'media', file));

beforeAll(async () => {
  t = await createTestApp();
  operator = await staffClient(t.app, 'OPERATOR');
  operatorEn = await staffClient(t.app, 'OPERATOR', { language: 'en' });
  admin = await staffClient(t.app, 'ADMIN');
  const res = await operator.post('/admin/galleries', {
    name_pl: 'Tor w Poznaniu',
    name_en: 'Poznań circuit',
    date: '2027-03-14',
    product_id: null,
    category_id: null,
  });
  galleryId = res.json().data.id;
  tagged = await upload(operator);
  untagged = await upload(operator);
});
afterAll(() => t?.close());

describe('tagging a gallery photo with the members it shows', () => {
  it('tags by e-mail or club card, idempotently and audited; lists; untags; the member page shows it', async () => {
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const dealer = await createTestUser(t.app.db, { type: 'DEALER' });
    expect((await operator.get(people(galleryId, tagged.id))).json().data).toEqual([]);

    let res = await operator.post(people(galleryId, tagged.id), {
      member: ` ${member.email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject([{ user_id: member.id, email: member.email, surname: 'Member' }]);
    // Again: nothing changes, no second audit row.
    res = await operator.post(people(galleryId, tagged.id), { member: member.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    const [card] = await t.app.db
      .select({ number: users.cardNumber })
      .from(users)
      .where(eq(users.id, dealer.id));
    res = await operator.post(people(galleryId, tagged.id), { member: card!.number!.toLowerCase() });
    expect(
      res
        .json()
        .data.map((p: { user_id: number }) => p.user_id)
        .sort(),
    ).toEqual([member.id, dealer.id].sort());
    expect((await operator.get(people(galleryId, tagged.id))).json().data).toHaveLength(2);
    const audit = await auditRows(t.app, 'gallery_photo', tagged.id);
    expect(audit.filter((r) => r.action === 'tag-person').map((r) => r.after)).toEqual([
      { gallery_id: galleryId, user_id: dealer.id },
      { gallery_id: galleryId, user_id: member.id },
    ]);

    const page = (await operator.get(`/admin/members/item/${member.id}`)).json().data;
    expect(page.photos).toEqual([
      expect.objectContaining({
        photo_id: tagged.id,
        gallery_id: galleryId,
        gallery_name_pl: 'Tor w Poznaniu',
        gallery_name_en: 'Poznań circuit',
        file_url: `/panel/media/${tagged.file}`,
      }),
    ]);

    res = await operator.request('DELETE', `${people(galleryId, tagged.id)}/${dealer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { user_id: number }) => p.user_id)).toEqual([member.id]);
    expect((await auditRows(t.app, 'gallery_photo', tagged.id))[0]).toMatchObject({
      action: 'untag-person',
      before: { gallery_id: galleryId, user_id: dealer.id },
    });
    res = await operator.request('DELETE', `${people(galleryId, tagged.id)}/${dealer.id}`);
    expect(res.statusCode).toBe(404);
    expect((await operator.get(`/admin/members/item/${dealer.id}`)).json().data.photos).toEqual([]);
  });

  it('refuses an unknown member (422 in the staff member’s language), bad input, and photos of another gallery (404)', async () => {
    const staff = await createTestUser(t.app.db, { type: 'OPERATOR' });
    for (const [client, message] of [
      [operator, /Nie ma członka klubu/],
      [operatorEn, /No club member has this e-mail/],
    ] as const) {
      for (const member of ['nobody@example.com', staff.email, 'EC-NOPE']) {
        const res = await client.post(people(galleryId, untagged.id), { member });
        expect(res.statusCode, member).toBe(422);
        expect(res.json().errors.member[0], member).toMatch(message);
      }
    }
    for (const body of [{}, { member: '' }, { member: 'a\u0000b@example.com' }, { member: 'x', extra: 1 }]) {
      const res = await operator.post(people(galleryId, untagged.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    for (const [method, url, body] of [
      ['GET', people(galleryId, 999_999)],
      ['POST', people(galleryId, 999_999), { member: member.email }],
      ['POST', people(galleryId + 1_000_000, tagged.id), { member: member.email }],
      ['DELETE', `${people(galleryId, untagged.id)}/${member.id}`],
      ['DELETE', `${people(galleryId, 999_999)}/${member.id}`],
    ] as const) {
      const res = await operator.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const url of [people(galleryId, 0), `${people(galleryId, untagged.id)}/abc`]) {
      const res = await operator.request('DELETE', url.endsWith('people') ? `${url}/1` : url);
      expect(res.statusCode, url).toBe(422);
    }
    expect((await operator.get(people(galleryId, untagged.id))).json().data).toEqual([]);
  });

  it('is staff only: 401 without a session, 403 for members and dealers, 403 without the CSRF header', async () => {
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const anonymous = new Client(t.app);
    const customer = await signedInAs(t.app, 'customer@example.com');
    const dealer = await signedInAs(t.app, 'dealer@example.com');
    const calls = [
      ['GET', people(galleryId, untagged.id)],
      ['POST', people(galleryId, untagged.id), { member: member.email }],
      ['DELETE', `${people(galleryId, untagged.id)}/${member.id}`],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await anonymous.request(method, url, body)).statusCode, `${method}`).toBe(401);
      for (const c of [customer, dealer])
        expect((await c.request(method, url, body)).statusCode, `${method}`).toBe(403);
      if (method !== 'GET') {
        const res = await operator.request(method, url, body, { csrf: false });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('CSRF');
      }
    }
    expect((await operator.get(people(galleryId, untagged.id))).json().data).toEqual([]);
  });
});

describe('a tagged member’s data', () => {
  it('the export lists the photo in the member’s language; removing the account deletes it and its files, not the untagged one', async () => {
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const photo = await upload(operator);
    await operator.request('PUT', `/admin/galleries/${galleryId}/photos/${photo.id}`, {
      caption_pl: 'Na starcie',
      caption_en: 'At the start',
    });
    // The photo is the gallery's tile: after the removal the gallery shows its first photo again.
    await operator.post(`/admin/galleries/${galleryId}/photos/${photo.id}/cover`);
    expect((await operator.post(people(galleryId, photo.id), { member: member.email })).statusCode).toBe(200);

    const ring = keyringOf(t.app.config);
    const en = await t.app.db.transaction((tx) =>
      collectMemberData(tx, ring, member.id, 'en', new Date(), t.app.config.PUBLIC_URL),
    );
    expect(en!.photos).toEqual([
      expect.objectContaining({
        gallery: 'Poznań circuit',
        caption: 'At the start',
        photo_address: `${t.app.config.PUBLIC_URL}/panel/media/${photo.file}`,
      }),
    ]);
    expect(renderExportHtml(en!)).toContain('Gallery photos that show you');
    const pl = await t.app.db.transaction((tx) => collectMemberData(tx, ring, member.id, 'pl', new Date()));
    expect(pl!.photos[0]).toMatchObject({ gallery: 'Tor w Poznaniu', caption: 'Na starcie' });
    const html = renderExportHtml(pl!);
    expect(html).toContain('Zdjęcia z galerii, na których jesteś');
    expect(html).toContain('Na starcie');

    expect(stored(photo.file)).toBe(true);
    const client = await signedInAs(t.app, member.email, member.password);
    expect((await client.post('/customers/remove-account')).statusCode).toBe(200);

    const rows = await t.app.db
      .select({ id: galleryImages.id })
      .from(galleryImages)
      .where(eq(galleryImages.galleryId, galleryId));
    expect(rows.map((r) => r.id)).not.toContain(photo.id);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([tagged.id, untagged.id]));
    expect(stored(photo.file)).toBe(false);
    expect(stored(untagged.file)).toBe(true);
    const gallery = (await admin.get(`/admin/galleries/${galleryId}`)).json().data;
    expect(gallery.photos.map((p: { id: number }) => p.id)).not.toContain(photo.id);
    expect(gallery.photos.find((p: { is_cover: boolean }) => p.is_cover)?.file).not.toBe(photo.file);
    const seen = (
      await (await signedInAs(t.app, 'customer@example.com')).get(`/galleries/item/${galleryId}`)
    ).json().data;
    expect(seen.images.map((i: { file: string }) => i.file)).not.toContain(photo.file);
    expect(seen.image).not.toBe(photo.file);
    expect((await auditRows(t.app, 'gallery_photo', photo.id))[0]).toMatchObject({
      action: 'delete',
      actorEmail: 'account removal',
      before: { gallery_id: galleryId, file: photo.file, erased_account: member.id },
    });
  });

  it('staff’s removal on a written request deletes a photo that shows several people', async () => {
    const member = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const other = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    const photo = await upload(operator);
    for (const who of [member, other])
      expect((await operator.post(people(galleryId, photo.id), { member: who.email })).statusCode).toBe(200);
    const res = await admin.post(`/admin/members/item/${member.id}/remove`, { request: 'RODO/2027/031' });
    expect(res.statusCode).toBe(200);
    expect((await operator.get(people(galleryId, photo.id))).statusCode).toBe(404);
    expect(stored(photo.file)).toBe(false);
    expect((await operator.get(`/admin/members/item/${other.id}`)).json().data.photos).toEqual([]);
  });
});
