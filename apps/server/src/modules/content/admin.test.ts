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
  operatorEn = await staffClient(t.app, 'OPERATOR', { language: 'en' });
  member = await signedInAs(t.app, 'customer@example.com');
  memberEn = await signedInAs(t.app, 'customer.en@example.com');
  dealer = await signedInAs(t.app, 'dealer@example.com');
});
afterAll(() => t?.close());

const XSS_HTML =
  '<h2>Safe</h2><p onclick="alert(1)">Text<script>alert(1)</script><img src="x" onerror="alert(1)"></p><p><a href="javascript:alert(1)">bad</a> <a href="https://club.example/x">good</a></p>';

function expectNeutralised(html: string) {
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
  expect(html).toContain('<h2>Safe</h2>');
  expect(html).toContain('href="https://club.example/x"');
}

const put = (c: Client, path: string, body: unknown, opts?: { csrf?: boolean }) =>
  c.request('PUT', path, body, opts);
const del = (c: Client, path: string, opts?: { csrf?: boolean }) =>
  c.request('DELETE', path, undefined, opts);

/** Every endpoint of the content console, with a body that would pass validation. */
const ENDPOINTS: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown][] = [
  ['GET', '/admin/content/about'],
  ['PUT', '/admin/content/about', { version: 1, page: { title_pl: 'a', title_en: 'a' } }],
  ['GET', '/admin/content/contact'],
  ['GET', '/admin/content/faq'],
  ['POST', '/admin/content/faq/categories', { name_pl: 'a', name_en: 'a' }],
  ['PUT', '/admin/content/faq/categories/order', { ids: [1] }],
  ['PUT', '/admin/content/faq/categories/1', { version: 1, category: { name_pl: 'a', name_en: 'a' } }],
  ['DELETE', '/admin/content/faq/categories/1'],
  ['PUT', '/admin/content/faq/categories/1/order', { ids: [1] }],
  [
    'POST',
    '/admin/content/faq/questions',
    { category_id: 1, question_pl: 'a', question_en: 'a', answer_pl: 'a', answer_en: 'a' },
  ],
  ['DELETE', '/admin/content/faq/questions/1'],
  ['GET', '/admin/content/partners'],
  ['POST', '/admin/content/partners', { name: 'a' }],
  ['PUT', '/admin/content/partners/order', { ids: [1] }],
  ['DELETE', '/admin/content/partners/1'],
];

describe('content console: who may call it', () => {
  it('401 without a session', async () => {
    const anonymous = new Client(t.app);
    for (const [method, path, body] of ENDPOINTS)
      expect((await anonymous.request(method, path, body)).statusCode, `${method} ${path}`).toBe(401);
  });

  it('403 for members and dealers, and nothing changes', async () => {
    const faqBefore = (await operator.get('/admin/content/faq')).json().data;
    for (const client of [member, dealer])
      for (const [method, path, body] of ENDPOINTS) {
        const res = await client.request(method, path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    expect((await operator.get('/admin/content/faq')).json().data).toEqual(faqBefore);
  });

  it('403 CSRF for a change without the token', async () => {
    for (const [method, path, body] of ENDPOINTS.filter(([m]) => m !== 'GET')) {
      const res = await operator.request(method, path, body, { csrf: false });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().code).toBe('CSRF');
    }
  });
});

describe('about page', () => {
  it('saves both languages, sanitises the sections, audits, and members see it at once', async () => {
    const before = (await operator.get('/admin/content/about')).json().data;
    expect(before.title_pl).toBe('Excellence Club');
    const res = await put(operator, '/admin/content/about', {
      version: before.version,
      page: {
        title_pl: 'Klub Excellence',
        title_en: 'The Excellence Club',
        subtitle_pl: 'Nowy podtytuł',
        subtitle_en: 'New subtitle',
        sections_html_pl: XSS_HTML,
        sections_html_en: '<p>English <strong>sections</strong></p>',
      },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved.version).toBe(before.version + 1);
    expectNeutralised(saved.sections_html_pl);

    const pl = (await member.get('/pages/page?type=ABOUT')).json().data;
    expect(pl).toMatchObject({ title: 'Klub Excellence', subtitle: 'Nowy podtytuł' });
    expectNeutralised(pl.sections_html);
    const en = (await memberEn.get('/pages/page?type=ABOUT')).json().data;
    expect(en).toMatchObject({
      title: 'The Excellence Club',
      sections_html: '<p>English <strong>sections</strong></p>',
    });

    const [row] = await auditRows(t.app, 'page', 'ABOUT');
    expect(row).toMatchObject({ action: 'update', actorEmail: operator.account!.email });
    expect((row!.before as Json).title_pl).toBe('Excellence Club');
    expect((row!.after as Json).title_pl).toBe('Klub Excellence');
  });

  it('refuses a save on an older version (409 STALE) and keeps the newer one', async () => {
    const current = (await operator.get('/admin/content/about')).json().data;
    const res = await put(operatorEn, '/admin/content/about', {
      version: current.version - 1,
      page: { title_pl: 'Stara', title_en: 'Old' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STALE',
      message: expect.stringMatching(/Someone else changed/),
    });
    expect((await operator.get('/admin/content/about')).json().data.title_pl).toBe(current.title_pl);
  });

  it('422 for each invalid field, in the staff member’s language, and nothing changes', async () => {
    const current = (await operator.get('/admin/content/about')).json().data;
    const cases: [Json, string, RegExp][] = [
      [{ title_pl: '', title_en: 'x' }, 'page.title_pl', /wymagane/],
      [{ title_pl: 'x', title_en: '   ' }, 'page.title_en', /wymagane/],
      [{ title_pl: 'x'.repeat(201), title_en: 'x' }, 'page.title_pl', /za długa/],
      [{ title_pl: 'x', title_en: 'x', sections_html_pl: 5 }, 'page.sections_html_pl', /Nieprawidłowa/],
    ];
    for (const [page, field, message] of cases) {
      const res = await put(operator, '/admin/content/about', { version: current.version, page });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]?.[0], field).toMatch(message);
    }
    const english = await put(operatorEn, '/admin/content/about', {
      version: current.version,
      page: { title_pl: '', title_en: 'x' },
    });
    expect(english.json().errors['page.title_pl'][0]).toMatch(/required/);
    expect(
      (await put(operator, '/admin/content/about', { page: { title_pl: 'x', title_en: 'x' } })).json().errors,
    ).toHaveProperty('version');
    expect((await operator.get('/admin/content/about')).json().data).toEqual(current);
  });
});

describe('contact', () => {
  it('saves, audits, members see it; bad e-mail and phone are refused', async () => {
    const current = (await operator.get('/admin/content/contact')).json().data;
    const contact = {
      title_pl: 'Kontakt z klubem',
      title_en: 'Contact the club',
      description_pl: 'Opis',
      description_en: 'Description',
      email: 'desk@club.example',
      phone: '+48 22 100 20 30',
      days_pl: 'Pon–pt 9–17',
      days_en: 'Mon–Fri 9–17',
    };
    for (const [field, value, message] of [
      ['email', 'not-an-email', /adres e-mail/],
      ['phone', '12', /numer telefonu/],
      ['days_en', '', /wymagane/],
    ] as const) {
      const res = await put(operator, '/admin/content/contact', {
        version: current.version,
        contact: { ...contact, [field]: value },
      });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[`contact.${field}`][0]).toMatch(message);
    }
    const res = await put(operator, '/admin/content/contact', { version: current.version, contact });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(current.version + 1);
    expect((await member.get('/pages/contact')).json().data).toMatchObject({
      title: 'Kontakt z klubem',
      email: 'desk@club.example',
      days: 'Pon–pt 9–17',
    });
    expect((await memberEn.get('/pages/contact')).json().data.days).toBe('Mon–Fri 9–17');
    const [row] = await auditRows(t.app, 'contact');
    expect((row!.after as Json).email).toBe('desk@club.example');
    const stale = await put(operator, '/admin/content/contact', { version: current.version, contact });
    expect(stale.statusCode).toBe(409);
  });
});

type Faq = {
  id: number;
  version: number;
  name_pl: string;
  questions: { id: number; version: number; question_pl: string; answer_pl: string }[];
}[];

describe('FAQ', () => {
  it('adds a category and a question (answer sanitised); members see the new answer at once', async () => {
    let res = await operator.post('/admin/content/faq/categories', {
      name_pl: 'Nowa kategoria',
      name_en: 'New category',
    });
    expect(res.statusCode).toBe(201);
    const category = (res.json().data as Faq).at(-1)!;
    expect(category).toMatchObject({ name_pl: 'Nowa kategoria', questions: [] });
    // An empty category is not shown to members.
    expect(
      ((await member.get('/faq/categories/items')).json().data as { name: string }[]).map((c) => c.name),
    ).not.toContain('Nowa kategoria');

    res = await operator.post('/admin/content/faq/questions', {
      category_id: category.id,
      question_pl: 'Czy mogę przyjść z psem?',
      question_en: 'May I bring my dog?',
      answer_pl: `<p>Tak.</p>${XSS_HTML}`,
      answer_en: '<p>Yes.</p>',
    });
    expect(res.statusCode).toBe(201);
    const question = (res.json().data as Faq).find((c) => c.id === category.id)!.questions[0]!;
    expectNeutralised(question.answer_pl);

    const seen = (await member.get('/faq/categories/items')).json().data as {
      name: string;
      questions: { question: string; answer: string }[];
    }[];
    const shown = seen.find((c) => c.name === 'Nowa kategoria')!;
    expect(shown.questions[0]!.question).toBe('Czy mogę przyjść z psem?');
    expectNeutralised(shown.questions[0]!.answer);
    const seenEn = (await memberEn.get('/faq/categories/items')).json().data as {
      name: string;
      questions: { answer: string }[];
    }[];
    expect(seenEn.find((c) => c.name === 'New category')!.questions[0]!.answer).toBe('<p>Yes.</p>');

    expect((await auditRows(t.app, 'faq_category', category.id))[0]).toMatchObject({ action: 'create' });
    expect((await auditRows(t.app, 'faq_question', question.id))[0]).toMatchObject({ action: 'create' });
  });

  it('edits an answer (members see it), refuses a stale save, an empty or script-only answer, an unknown category', async () => {
    const faq = (await operator.get('/admin/content/faq')).json().data as Faq;
    const category = faq[0]!;
    const question = category.questions[0]!;
    const body = (overrides: Json = {}) => ({
      version: question.version,
      question: {
        category_id: category.id,
        question_pl: question.question_pl,
        question_en: 'Q',
        answer_pl: '<p>Nowa odpowiedź operatora</p>',
        answer_en: '<p>The operator’s new answer</p>',
        ...overrides,
      },
    });
    for (const [overrides, field, message] of [
      [{ answer_pl: '<p></p>' }, 'question.answer_pl', /wymagane/],
      [{ answer_en: '<script>alert(1)</script>' }, 'question.answer_en', /wymagane/],
      [{ question_pl: '' }, 'question.question_pl', /wymagane/],
      [{ category_id: 999_999 }, 'question.category_id', /Nieprawidłowa/],
      [{ category_id: 'x' }, 'question.category_id', /Nieprawidłowa/],
    ] as const) {
      const res = await put(operator, `/admin/content/faq/questions/${question.id}`, body(overrides));
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]?.[0], field).toMatch(message);
    }
    const res = await put(operator, `/admin/content/faq/questions/${question.id}`, body());
    expect(res.statusCode).toBe(200);
    const answers = (
      (await member.get('/faq/categories/items')).json().data as { questions: { answer: string }[] }[]
    ).flatMap((c) => c.questions.map((q) => q.answer));
    expect(answers).toContain('<p>Nowa odpowiedź operatora</p>');
    const stale = await put(
      operator,
      `/admin/content/faq/questions/${question.id}`,
      body({ answer_pl: '<p>Older</p>' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE');
    const [row] = await auditRows(t.app, 'faq_question', question.id);
    expect(row).toMatchObject({ action: 'update' });
    expect((row!.after as Json).answerPl).toBe('<p>Nowa odpowiedź operatora</p>');
    expect((await put(operator, '/admin/content/faq/questions/999999', body())).statusCode).toBe(404);
  });

  it('reorders categories and questions as members then see them; an outdated order is refused', async () => {
    const faq = (await operator.get('/admin/content/faq')).json().data as Faq;
    const reversed = faq.map((c) => c.id).reverse();
    let res = await put(operator, '/admin/content/faq/categories/order', { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Faq).map((c) => c.id)).toEqual(reversed);
    const memberNames = ((await member.get('/faq/categories/items')).json().data as { id: number }[]).map(
      (c) => c.id,
    );
    expect(memberNames).toEqual(reversed.filter((id) => memberNames.includes(id)));

    const category = faq.find((c) => c.questions.length > 1)!;
    const questionIds = category.questions.map((q) => q.id).reverse();
    res = await put(operator, `/admin/content/faq/categories/${category.id}/order`, { ids: questionIds });
    expect(res.statusCode).toBe(200);
    const shown = (
      (await member.get('/faq/categories/items')).json().data as { id: number; questions: { id: number }[] }[]
    ).find((c) => c.id === category.id)!;
    expect(shown.questions.map((q) => q.id)).toEqual(questionIds);

    for (const ids of [reversed.slice(1), [...reversed, reversed[0]]]) {
      const outdated = await put(operator, '/admin/content/faq/categories/order', { ids });
      expect(outdated.statusCode).toBe(409);
    }
    expect((await put(operator, '/admin/content/faq/categories/order', { ids: [] })).statusCode).toBe(422);
    expect((await put(operator, '/admin/content/faq/categories/order', { ids: ['a'] })).statusCode).toBe(422);
    expect((await auditRows(t.app, 'faq_category', category.id))[0]).toMatchObject({ action: 'reorder' });
  });

  it('renames (stale refused) and deletes a question, then a category with its questions', async () => {
    let faq = (await operator.get('/admin/content/faq')).json().data as Faq;
    const category = faq.find((c) => c.name_pl === 'Nowa kategoria')!;
    let res = await put(operator, `/admin/content/faq/categories/${category.id}`, {
      version: category.version,
      category: { name_pl: 'Zwierzęta', name_en: 'Pets' },
    });
    expect(res.statusCode).toBe(200);
    res = await put(operator, `/admin/content/faq/categories/${category.id}`, {
      version: category.version,
      category: { name_pl: 'X', name_en: 'X' },
    });
    expect(res.statusCode).toBe(409);
    expect(
      (
        await put(operator, `/admin/content/faq/categories/${category.id}`, {
          version: 2,
          category: { name_pl: '', name_en: 'x' },
        })
      ).json().errors['category.name_pl'],
    ).toBeDefined();

    const first = faq.find((c) => c.id !== category.id && c.questions.length > 0)!;
    const removed = first.questions[0]!;
    res = await del(operator, `/admin/content/faq/questions/${removed.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Faq).flatMap((c) => c.questions.map((q) => q.id))).not.toContain(removed.id);
    expect((await del(operator, `/admin/content/faq/questions/${removed.id}`)).statusCode).toBe(404);
    expect((await auditRows(t.app, 'faq_question', removed.id))[0]).toMatchObject({ action: 'delete' });

    res = await del(operator, `/admin/content/faq/categories/${category.id}`);
    expect(res.statusCode).toBe(200);
    faq = res.json().data;
    expect(faq.map((c) => c.id)).not.toContain(category.id);
    const names = ((await member.get('/faq/categories/items')).json().data as { name: string }[]).map(
      (c) => c.name,
    );
    expect(names).not.toContain('Zwierzęta');
    const [row] = await auditRows(t.app, 'faq_category', category.id);
    expect(row).toMatchObject({ action: 'delete' });
    expect(((row!.before as Json).questions as unknown[]).length).toBe(1);
  });
});

describe('partners', () => {
  it('adds a partner with a link and a logo; members see it; bad links and files are refused', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://x.example', 'club.example', 'data:text/html,x']) {
      const res = await operator.post('/admin/content/partners', { name: 'Bad', url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url[0]).toMatch(/https:\/\//);
    }
    expect((await operator.post('/admin/content/partners', { name: '' })).json().errors.name).toBeDefined();

    let res = await operator.post('/admin/content/partners', {
      name: 'Atelier Nowak',
      url: 'https://atelier.example',
    });
    expect(res.statusCode).toBe(201);
    const partner = res.json().data;
    expect(partner).toMatchObject({ name: 'Atelier Nowak', url: 'https://atelier.example', image: null });

    const logo = multipartFile({ name: 'logo.png', type: 'image/png', data: await pngOf(400, 200) });
    res = await operator.request('POST', `/admin/content/partners/${partner.id}/logo`, logo.body, {
      headers: logo.headers,
    });
    expect(res.statusCode).toBe(200);
    const withLogo = res.json().data;
    expect(withLogo.image_url).toMatch(/^\/panel\/media\/uploads\/.+\.webp$/);
    expect(withLogo.version).toBe(partner.version + 1);
    expect((await t.app.inject({ url: withLogo.image_url })).statusCode).toBe(200);

    const svg = multipartFile({
      name: 'logo.png',
      type: 'image/png',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    res = await operator.request('POST', `/admin/content/partners/${partner.id}/logo`, svg.body, {
      headers: svg.headers,
    });
    expect(res.statusCode).toBe(415);
    const noFile = await operator.request('POST', `/admin/content/partners/${partner.id}/logo`, { x: 1 });
    expect(noFile.statusCode).toBe(415);
    const unknown = await operator.request('POST', '/admin/content/partners/999999/logo', logo.body, {
      headers: logo.headers,
    });
    expect(unknown.statusCode).toBe(404);

    const shown = (
      (await member.get('/settings/partners/items')).json().data as {
        name: string;
        url: string;
        image_url: string;
      }[]
    ).find((p) => p.name === 'Atelier Nowak');
    expect(shown).toMatchObject({ url: 'https://atelier.example', image_url: withLogo.image_url });
    expect((await auditRows(t.app, 'partner', partner.id)).map((r) => r.action)).toEqual(['logo', 'create']);
  });

  it('edits (stale refused), reorders and removes partners, members seeing each change', async () => {
    let partners = (await operator.get('/admin/content/partners')).json().data as {
      id: number;
      version: number;
      name: string;
    }[];
    const target = partners.find((p) => p.name === 'Atelier Nowak')!;
    let res = await put(operator, `/admin/content/partners/${target.id}`, {
      version: target.version,
      partner: { name: 'Atelier Nowak & Syn', url: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Atelier Nowak & Syn', url: null });
    res = await put(operator, `/admin/content/partners/${target.id}`, {
      version: target.version,
      partner: { name: 'x' },
    });
    expect(res.statusCode).toBe(409);

    const order = partners.map((p) => p.id).reverse();
    res = await put(operator, '/admin/content/partners/order', { ids: order });
    expect(res.statusCode).toBe(200);
    expect(
      ((await member.get('/settings/partners/items')).json().data as { id: number }[]).map((p) => p.id),
    ).toEqual(order);

    res = await del(operator, `/admin/content/partners/${target.id}`);
    expect(res.statusCode).toBe(200);
    partners = res.json().data;
    expect(partners.map((p) => p.id)).not.toContain(target.id);
    expect(
      ((await member.get('/settings/partners/items')).json().data as { id: number }[]).map((p) => p.id),
    ).not.toContain(target.id);
    expect((await auditRows(t.app, 'partner', target.id))[0]).toMatchObject({ action: 'delete' });
    expect((await del(operator, `/admin/content/partners/${target.id}`)).statusCode).toBe(404);
  });
});
