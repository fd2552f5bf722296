import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusSignups, outbox } from '../../db/schema';
import { Client, createTestApp, createTestUser, signedInAs, type TestApp } from '../../../test/helpers';
import { bonusBody } from '../../../test/support/bonus-body';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const OFFICE = 'Urząd Skarbowy Warszawa-Mokotów';

async function verifiedDealer(language: 'pl' | 'en' = 'pl') {
  const u = await createTestUser(t.database.db, { type: 'DEALER', language });
  const client = await signedInAs(t.app, u.email, u.password);
  expect((await client.post('/auth/check-password', { password: u.password })).statusCode).toBe(200);
  return { ...u, client };
}

const validForm = (over: Record<string, unknown> = {}) => ({ ...bonusBody, ...over });

describe('bonus/tax-offices', () => {
  it('lists at least 20 Polish tax offices by city, behind the dealer password check', async () => {
    expect((await new Client(t.app).get('/bonus/tax-offices')).statusCode).toBe(401);
    const customer = await signedInAs(t.app, 'customer@example.com');
    expect((await customer.get('/bonus/tax-offices')).statusCode).toBe(403);
    const unverified = await signedInAs(t.app, 'dealer@example.com');
    expect((await unverified.get('/bonus/tax-offices')).json().code).toBe('PASSWORD_CHECK_REQUIRED');
    const { client } = await verifiedDealer();
    const res = await client.get('/bonus/tax-offices');
    expect(res.statusCode).toBe(200);
    const offices = res.json().data as { id: number; name: string; city: string }[];
    expect(offices.length).toBeGreaterThanOrEqual(20);
    expect(offices).toContainEqual(expect.objectContaining({ name: OFFICE, city: 'Warszawa' }));
    const cities = offices.map((o) => o.city);
    expect(new Set(cities).size).toBeGreaterThan(10);
  });
});

describe('bonus/store', () => {
  it('signs the dealer up with PIT-11 and a tax office; has_bonus turns true; a second time is 409', async () => {
    const { client, id, email } = await verifiedDealer();
    const res = await client.post('/bonus/store', validForm());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { has_bonus: true } });
    expect((await client.get('/auth/me')).json().data.has_bonus).toBe(true);
    const [row] = await t.database.db.select().from(bonusSignups).where(eq(bonusSignups.dealerId, id));
    expect(row).toMatchObject({
      taxationForm: 'PIT-11',
      taxOffice: OFFICE,
      taxNumber: null,
      correspondenceAddress: null,
    });
    // Sealed at rest (docs/privacy.md): the number itself is in no column.
    expect(row!.pesel).toMatch(/^v1\./);
    expect(row!.peselKeyId).toBe('dev-not-secret');
    expect(JSON.stringify(row)).not.toContain('44051401359');
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, email));
    expect(mail?.template).toBe('bonus-joined');
    const again = await client.post('/bonus/store', validForm());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Już należysz do programu bonusowego.');
  });

  it('JDG needs no tax office and clears one that was sent; NIP with dashes is stored as digits', async () => {
    const { client, id } = await verifiedDealer();
    const res = await client.post(
      '/bonus/store',
      validForm({ taxation_form: 'JDG', pesel: '', tax_number: '123-456-32-18', tax_office: OFFICE }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(bonusSignups).where(eq(bonusSignups.dealerId, id));
    expect(row).toMatchObject({ taxationForm: 'JDG', taxOffice: null, taxNumber: '1234563218', pesel: null });
  });

  it('checks PESEL and NIP: digits, length, checksum, at least one', async () => {
    const { client } = await verifiedDealer();
    const errorsOf = async (over: Record<string, unknown>) => {
      const res = await client.post('/bonus/store', validForm(over));
      expect(res.statusCode).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect((await errorsOf({ pesel: '4405140135x' })).pesel).toEqual(['Dozwolone są tylko cyfry (0–9).']);
    expect((await errorsOf({ pesel: '4405140135' })).pesel).toEqual(['Wymaganych jest dokładnie 11 cyfr.']);
    expect((await errorsOf({ pesel: '44051401358' })).pesel).toEqual([
      'Nieprawidłowy numer PESEL: 11 cyfr z poprawną cyfrą kontrolną.',
    ]);
    expect((await errorsOf({ pesel: '', tax_number: '1234563219' })).tax_number).toEqual([
      'Nieprawidłowy numer NIP: 10 cyfr z poprawną cyfrą kontrolną, np. 526-025-02-74.',
    ]);
    expect((await errorsOf({ pesel: '', tax_number: '123456321' })).tax_number).toEqual([
      'Wymaganych jest dokładnie 10 cyfr.',
    ]);
    const neither = await errorsOf({ pesel: '', tax_number: '' });
    expect(neither.pesel).toEqual(['Podaj PESEL lub NIP.']);
    expect(neither.tax_number).toEqual(['Podaj PESEL lub NIP.']);
  });

  it('checks every other field, in the dealer language', async () => {
    const { client } = await verifiedDealer('en');
    const res = await client.post('/bonus/store', {
      name: 'P',
      surname: '',
      email: 'nope',
      phone: 'abc',
      address: '',
      post_code: '02819',
      city: '',
      pesel: '44051401359',
      taxation_form: 'CIT',
      term_1: true,
      term_2: false,
      term_3: 'yes',
    });
    expect(res.statusCode).toBe(422);
    const e = res.json().errors;
    expect(e.name).toEqual(['Must be at least 2 characters long.']);
    expect(e.surname).toEqual(['This field is required.']);
    expect(e.email).toEqual(['Enter a valid e-mail address, e.g. name@example.com.']);
    expect(e.phone).toEqual(['Enter a phone number of 9 to 15 digits, e.g. +48 512 345 678.']);
    expect(e.address).toEqual(['This field is required.']);
    expect(e.post_code).toEqual(['The postal code format is 00-000.']);
    expect(e.city).toEqual(['This field is required.']);
    expect(e.taxation_form).toHaveLength(1);
    expect(e.term_2).toEqual(['This consent is required.']);
    expect(e.term_3).toEqual(['This consent is required.']);
    expect(e.term_4).toEqual(['This consent is required.']);
    expect(e.term_1).toBeUndefined();
  });

  it('requires a tax office from the list unless JDG', async () => {
    const { client } = await verifiedDealer();
    const missing = await client.post('/bonus/store', validForm({ tax_office: '' }));
    expect(missing.json().errors.tax_office).toEqual(['To pole jest wymagane.']);
    const unknown = await client.post(
      '/bonus/store',
      validForm({ tax_office: 'Urząd Skarbowy na Księżycu' }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.tax_office).toEqual(['Wybierz urząd skarbowy z listy.']);
    expect((await client.get('/auth/me')).json().data.has_bonus).toBe(false);
  });

  it('needs the dealer role, a recent password check and the CSRF header', async () => {
    expect((await new Client(t.app).post('/bonus/store', validForm())).statusCode).toBe(401);
    const customer = await signedInAs(t.app, 'customer@example.com');
    expect((await customer.post('/bonus/store', validForm())).statusCode).toBe(403);
    const u = await createTestUser(t.database.db, { type: 'DEALER' });
    const unverified = await signedInAs(t.app, u.email, u.password);
    expect((await unverified.post('/bonus/store', validForm())).json().code).toBe('PASSWORD_CHECK_REQUIRED');
    const { client } = await verifiedDealer();
    const noCsrf = await client.post('/bonus/store', validForm(), { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('CSRF');
    for (const junk of [[], { term_1: { $ne: 1 } }, { name: 'x'.repeat(10_000) }]) {
      expect((await client.post('/bonus/store', junk)).statusCode).toBe(422);
    }
    expect((await client.get('/auth/me')).json().data.has_bonus).toBe(false);
  });
});
