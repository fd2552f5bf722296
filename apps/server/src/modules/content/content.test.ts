import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signedInAs, type TestApp } from '../../../test/helpers';

let t: TestApp;
let member: Client;
let dealer: Client;

beforeAll(async () => {
  t = await createTestApp();
  member = await signedInAs(t.app, 'customer@example.com');
  dealer = await signedInAs(t.app, 'dealer@example.com');
});
afterAll(() => t?.close());

describe('content', () => {
  it('needs a session', async () => {
    const anonymous = new Client(t.app);
    for (const path of ['/pages/page?type=ABOUT', '/pages/contact', '/faq/categories/items']) {
      expect((await anonymous.get(path)).statusCode, path).toBe(401);
    }
  });

  it('serves the ABOUT page in the member’s language, to customers and dealers', async () => {
    const pl = (await member.get('/pages/page?type=ABOUT')).json().data;
    expect(pl).toMatchObject({ type: 'ABOUT', title: 'Excellence Club' });
    expect(pl.sections_html).toContain('<section>');
    expect(pl.subtitle).toMatch(/doświadczeń/);
    const english = await signedInAs(t.app, 'customer.en@example.com');
    expect((await english.get('/pages/page?type=ABOUT')).json().data.subtitle).toMatch(/experiences/);
    expect((await dealer.get('/pages/page?type=ABOUT')).statusCode).toBe(200);
  });

  it('422 for an unknown or missing page type', async () => {
    for (const q of ['', '?type=SECRET', '?type=about']) {
      const res = await member.get(`/pages/page${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errors).toHaveProperty('type');
    }
  });

  it('serves the contact data with translated labels', async () => {
    const data = (await member.get('/pages/contact')).json().data;
    expect(data).toMatchObject({
      email: 'concierge@excellence-club.example',
      phone: expect.any(String),
      email_title: 'E-mail',
      phone_title: 'Telefon',
    });
    const english = await signedInAs(t.app, 'customer.en@example.com');
    expect((await english.get('/pages/contact')).json().data.days).toMatch(/Monday/);
  });

  it('serves the FAQ: at least three categories, each with questions and HTML answers', async () => {
    const data = (await member.get('/faq/categories/items')).json().data as {
      name: string;
      questions: { question: string; answer: string }[];
    }[];
    expect(data.length).toBeGreaterThanOrEqual(3);
    for (const c of data) {
      expect(c.questions.length).toBeGreaterThan(0);
      for (const q of c.questions) expect(q.answer).toMatch(/^<p>/);
    }
  });
});
