import sharp from 'sharp';
import { demo, expect, signIn, test } from './fixtures';
import { api, attack, captionAttacks, expectInert, MARK, watch } from './support/xss';

test.describe.configure({ timeout: 180_000 });

/**
 * Stored XSS through the console (issue 16): script, onerror and javascript: links sent into every
 * rich-text field and every caption this part of the console owns (the about page's sections, FAQ
 * answers, gallery photo captions, in both languages) never run where members see them, nor on the
 * console's own screens: the rich text is sanitised on the server before it is stored and again on
 * the page; captions are text.
 */
test('script, onerror and javascript: links in every rich text and caption of the content console never run (pl and en)', async ({
  asStaff,
}) => {
  const { page } = await asStaff('OPERATOR', { path: '/panel/admin/content' });
  const { headers, call } = await api(page.request);

  const about = (await (await page.request.get('/panel/api/v1/admin/content/about')).json()).data;
  const saved = await call('put', '/admin/content/about', {
    version: about.version,
    page: { ...about, version: undefined, sections_html_pl: attack(1), sections_html_en: attack(2) },
  });

  const faq = await call('post', '/admin/content/faq/categories', {
    name_pl: 'XSS kategoria',
    name_en: 'XSS category',
  });
  const category = faq.at(-1);
  await call('post', '/admin/content/faq/questions', {
    category_id: category.id,
    question_pl: 'Pytanie XSS?',
    question_en: 'XSS question?',
    answer_pl: attack(3),
    answer_en: attack(4),
  });

  const gallery = await call('post', '/admin/galleries', {
    name_pl: 'Galeria XSS',
    name_en: 'XSS gallery',
    date: '2026-05-05',
    product_id: null,
    category_id: null,
  });
  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#333' } })
    .png()
    .toBuffer();
  const upload = await page.request.post(`/panel/api/v1/admin/galleries/${gallery.id}/photos`, {
    headers,
    multipart: { file: { name: 'x.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status()).toBe(201);
  const photo = (await upload.json()).data;
  const { pl: captionPl, en: captionEn } = captionAttacks;
  await call('put', `/admin/galleries/${gallery.id}/photos/${photo.id}`, {
    caption_pl: captionPl,
    caption_en: captionEn,
  });

  // A partner's link must be a web address: javascript: is refused outright.
  const partner = await page.request.post('/panel/api/v1/admin/content/partners', {
    headers,
    data: { name: 'XSS', url: `javascript:window.${MARK}=7` },
  });
  expect(partner.status()).toBe(422);

  try {
    for (const [email, lang] of [
      [demo.customer.email, 'pl'],
      [demo.customerEn.email, 'en'],
    ] as const) {
      const context = await page
        .context()
        .browser()!
        .newContext({ baseURL: test.info().project.use.baseURL });
      const member = await context.newPage();
      const w = watch(member);
      await signIn(member, { email, password: demo.customer.password }, '/panel/excellence-club');
      await expect(member.getByText(lang === 'pl' ? 'Safe 1' : 'Safe 2')).toBeVisible();
      await expect(member.getByRole('link', { name: lang === 'pl' ? 'link 1' : 'link 2' })).toHaveCount(0);
      await expectInert(member, w, `${lang} about`);

      await member.goto('/panel/faq');
      await member.getByRole('button', { name: lang === 'pl' ? 'Pytanie XSS?' : 'XSS question?' }).click();
      await expect(member.getByText(lang === 'pl' ? 'Safe 3' : 'Safe 4')).toBeVisible();
      await expectInert(member, w, `${lang} faq`);

      await member.goto(`/panel/gallery?gallery=${gallery.id}`);
      const dialog = member.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // The caption is the photo's text alternative, literally.
      await expect(
        dialog.getByRole('img', { name: lang === 'pl' ? captionPl : captionEn }).first(),
      ).toBeVisible();
      await expectInert(member, w, `${lang} gallery`);
      await context.close();
    }

    // The console's own screens show the same content inertly.
    const w = watch(page);
    await page.goto('/panel/admin/content');
    await expect(page.getByRole('heading', { name: 'Pytanie XSS?' })).toBeVisible({ timeout: 30_000 });
    await expectInert(page, w, 'console faq');
    await page.goto('/panel/admin/content/about');
    await expect(page.getByRole('textbox', { name: 'Treść (polski)' })).toContainText('Safe 1', {
      timeout: 30_000,
    });
    await expectInert(page, w, 'console about');
    await page.goto(`/panel/admin/galleries/${gallery.id}`);
    await expect(page.getByLabel('Podpis (polski)').first()).toHaveValue(captionPl, {
      timeout: 30_000,
    });
    await expectInert(page, w, 'console gallery');
  } finally {
    const now = (await (await page.request.get('/panel/api/v1/admin/content/about')).json()).data;
    await call('put', '/admin/content/about', {
      version: now.version,
      page: {
        title_pl: about.title_pl,
        title_en: about.title_en,
        subtitle_pl: about.subtitle_pl,
        subtitle_en: about.subtitle_en,
        sections_html_pl: about.sections_html_pl,
        sections_html_en: about.sections_html_en,
      },
    });
    await call('delete', `/admin/content/faq/categories/${category.id}`);
    await call('delete', `/admin/galleries/${gallery.id}`);
  }
  expect(saved.sections_html_pl).not.toMatch(/script|onerror|javascript:/i);
});
