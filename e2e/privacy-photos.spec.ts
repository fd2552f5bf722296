import sharp from 'sharp';
import { expect as baseExpect, demo, newUser, signIn, test } from './fixtures';
import { api } from './support/xss';

/**
 * Photos that show a member (issue 31, docs/privacy.md "Photos that show a member"): staff tag a
 * gallery photo with a member in the gallery editor and find it on the member's console page; an
 * administrator removes the account on a written request; members no longer see that photo in the
 * gallery, while the gallery's other photo stays. Polish at desktop width, English at 390 px.
 */
test.describe.configure({ timeout: 90_000 });
// The console's chunks arrive on first use; a busy machine needs more than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const T = {
  pl: {
    who: 'Kogo pokazuje zdjęcie 1',
    member: 'E-mail lub numer karty klubowej członka',
    add: 'Dodaj',
    shows: 'Na zdjęciu',
    photos: 'Zdjęcia, na których jest ten członek',
    inGallery: 'Galeria:',
    removeTitle: 'Usunięcie konta',
    request: 'Sygnatura żądania',
    submit: 'Usuń konto…',
    confirm: 'Usuń trwale',
    done: 'Konto zostało usunięte',
    unknown: 'Nie ma członka klubu',
  },
  en: {
    who: 'Who photo 1 shows',
    member: "Member's e-mail or club card number",
    add: 'Add',
    shows: 'Shows',
    photos: 'Photos that show this member',
    inGallery: 'Gallery:',
    removeTitle: 'Remove the account',
    request: 'Reference of the request',
    submit: 'Remove the account…',
    confirm: 'Remove for good',
    done: 'The account was removed',
    unknown: 'No club member has this e-mail',
  },
} as const;

for (const lang of ['pl', 'en'] as const) {
  const t = T[lang];

  test(`${lang}: a photo tagged with a member goes with the member's account`, async ({
    asStaff,
    request,
    expectFailure,
  }) => {
    // English at a phone's 390 px: the dialog and the member's photos fit it.
    const { page } = await asStaff('ADMIN', { language: lang, phone: lang === 'en' });
    const { headers, call } = await api(page.request);
    const member = await newUser(request, 'CUSTOMER', lang);
    const stamp = `${lang}-${member.id}`;
    const gallery = await call('post', '/admin/galleries', {
      name_pl: `Galeria ${stamp}`,
      name_en: `Gallery ${stamp}`,
      date: '2026-06-06',
      product_id: null,
      category_id: null,
    });
    const captions = [`Ze zdjęciem ${stamp}`, `Bez zdjęcia ${stamp}`];
    for (const [i, caption] of captions.entries()) {
      const png = await sharp({
        create: { width: 600, height: 400, channels: 3, background: i === 0 ? '#335' : '#533' },
      })
        .png()
        .toBuffer();
      const upload = await page.request.post(`/panel/api/v1/admin/galleries/${gallery.id}/photos`, {
        headers,
        multipart: { file: { name: `p${i}.png`, mimeType: 'image/png', buffer: png } },
      });
      expect(upload.status()).toBe(201);
      const photo = (await upload.json()).data;
      await call('put', `/admin/galleries/${gallery.id}/photos/${photo.id}`, {
        caption_pl: caption,
        caption_en: caption,
      });
    }

    // The gallery editor: the first photo's dialog; an unknown address is refused in words, the
    // member's is added.
    await page.goto(`/panel/admin/galleries/${gallery.id}`);
    await page.getByRole('button', { name: t.who }).click();
    const dialog = page.getByRole('dialog', { name: t.who });
    expectFailure({ status: 422, method: 'POST', url: `/admin/galleries/${gallery.id}/photos/` });
    await dialog.getByLabel(t.member).fill(`nobody-${stamp}@example.com`);
    await dialog.getByRole('button', { name: t.add }).click();
    await expect(dialog.getByText(t.unknown)).toBeVisible();
    await dialog.getByLabel(t.member).fill(member.email);
    await dialog.getByRole('button', { name: t.add }).click();
    await expect(dialog.getByRole('list', { name: t.shows })).toContainText(member.email);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The member's console page lists the photo, linked to its gallery.
    await page.goto(`/panel/admin/members/${member.id}`);
    const photos = page.getByRole('region', { name: t.photos });
    await expect(photos.getByRole('img', { name: captions[0] })).toBeVisible();
    await expect(photos.getByRole('link', { name: new RegExp(`${t.inGallery}.*${stamp}`) })).toBeVisible();

    // Removed on a written request.
    const removal = page.getByRole('region', { name: t.removeTitle });
    await removal.getByLabel(t.request).fill(`RODO/2026/${stamp}`);
    await removal.getByRole('button', { name: t.submit }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click();
    const done = page.getByRole('alertdialog').filter({ hasText: t.done });
    await done.getByRole('button', { name: 'OK' }).click();

    // A member opens the gallery: the other photo is there, the tagged one is gone.
    const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
    const viewer = await context.newPage();
    const account = lang === 'pl' ? demo.customer : demo.customerEn;
    await signIn(
      viewer,
      { email: account.email, password: account.password },
      `/panel/gallery?gallery=${gallery.id}`,
    );
    const slideshow = viewer.getByRole('dialog');
    await expect(slideshow.getByRole('img', { name: captions[1] }).first()).toBeVisible();
    await expect(slideshow.getByRole('img', { name: captions[0] })).toHaveCount(0);
    await context.close();
    await call('delete', `/admin/galleries/${gallery.id}`);
  });
}
