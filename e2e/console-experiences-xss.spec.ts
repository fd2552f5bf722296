import sharp from 'sharp';
import { demo, expect, signIn, test } from './fixtures';
import { api, attack, captionAttacks, expectInert, watch } from './support/xss';
import { clubDay } from './support/club-day';

test.describe.configure({ timeout: 180_000 });

const inDays = (days: number) => clubDay(days);

/**
 * Stored XSS through the console's experiences (issue 16): script, onerror and javascript: links in
 * the descriptions and the announcement texts of both languages, and markup in photo captions, never
 * run on the member's page (announced, then on sale) nor on the console's own edit screen.
 */
test('script, onerror and javascript: links in an experience’s rich texts and photo captions never run (pl and en)', async ({
  asStaff,
  browser,
}) => {
  const { page } = await asStaff('OPERATOR', { path: '/panel/admin/experiences' });
  const { headers, call } = await api(page.request);
  const name = `XSS ${Date.now().toString(36)}`;
  const created = await call('post', '/admin/catalog/products', {
    type: 'EVENT',
    category_id: 1,
    alias: null,
    name_pl: name,
    name_en: name,
    description_pl: attack(1),
    description_en: attack(2),
    ann_description_pl: attack(3),
    ann_description_en: attack(4),
    place_pl: 'Tor',
    place_en: 'Circuit',
    start_date: inDays(60),
    start_time: '10:00',
    end_date: null,
    end_time: null,
    price: 100,
    member_limit: 1,
    total_seats: 5,
    status_limit: 1,
    video_id: null,
    contact_email: null,
    contact_phone: null,
    cart_label_pl: '',
    cart_label_en: '',
    terms: [],
    interest_ids: [],
    partner_ids: [],
  });
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#444' } })
    .png()
    .toBuffer();
  const upload = await page.request.post(`/panel/api/v1/admin/catalog/products/${created.id}/photos`, {
    headers,
    multipart: { file: { name: 'x.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const photo = (await upload.json()).data;
  await call('put', `/admin/catalog/products/${created.id}/photos/${photo.id}`, {
    caption_pl: captionAttacks.pl,
    caption_en: captionAttacks.en,
  });
  const version = async () =>
    (await (await page.request.get(`/panel/api/v1/admin/catalog/products/${created.id}`)).json()).data
      .version as number;

  for (const [mode, marks] of [
    ['announced', { pl: 'Safe 3', en: 'Safe 4' }],
    ['on_sale', { pl: 'Safe 1', en: 'Safe 2' }],
  ] as const) {
    await call('post', `/admin/catalog/products/${created.id}/publish`, { version: await version(), mode });
    for (const [email, lang] of [
      [demo.customer.email, 'pl'],
      [demo.customerEn.email, 'en'],
    ] as const) {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const member = await context.newPage();
      const w = watch(member);
      await signIn(
        member,
        { email, password: demo.customer.password },
        `/panel/experiences/motorsport/${created.id}`,
      );
      await expect(member.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(member.getByText(marks[lang])).toBeVisible();
      await expect(member.getByRole('link', { name: /^link [1-4]$/ })).toHaveCount(0);
      if (mode === 'on_sale') {
        // The caption names the photo, literally, as text.
        await expect(member.getByRole('button', { name: captionAttacks[lang] })).toBeVisible();
      }
      await expectInert(member, w, `${lang} ${mode}`);
      await context.close();
    }
  }

  // The console's own edit screen (form, photos, preview) shows the same content inertly.
  const w = watch(page);
  await page.goto(`/panel/admin/experiences/${created.id}`);
  await expect(page.getByLabel('Podpis (polski)').first()).toHaveValue(captionAttacks.pl, {
    timeout: 30_000,
  });
  await expect(page.getByRole('textbox', { name: 'Opis (polski)' })).toContainText('Safe 1');
  await expectInert(page, w, 'console experience');
  await call('post', `/admin/catalog/products/${created.id}/archive`, { version: await version() });
});
