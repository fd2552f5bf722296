import { verify, X509Certificate } from 'node:crypto';
import type { Server } from 'node:http';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditRows,
  Client,
  createTestApp,
  createTestUser,
  DB_KIND,
  skipIfNoDatabase,
  staffClient,
  type TestApp,
} from '../../../test/helpers';
import { startKsefStandIn } from '../../../test/stand-ins/ksef';
import { pdfQrCodes } from '../../../test/support/pdf-qr';
import { pdfText } from '../../../test/support/pdf-text';
import { fa3Errors, readXml, upoErrors } from '../../../test/support/ksef-xsd';
import { ksefSubmissions } from '../../db/schema';
import type { KsefStandIn } from '../ksef/stand-in';
import { offlineDeadline } from '../ksef/offline-deadline';
import { TEST_OFFLINE_CERTIFICATE } from '../ksef/stand-in-keys';
import { certificateLinkToSign, invoiceHash, invoiceVerificationLink } from '../ksef/verification-link';
import { paidInvoiceOrder } from './test-fixtures';

/**
 * KSeF's life of an invoice (issue 30, docs/ksef.md) against the stand-in, which validates each
 * invoice against the official FA(3) schema: queued in the issuing transaction, sent in a session,
 * accepted with its KSeF number and UPO, rejected with KSeF's reason and resent after the buyer's
 * data is fixed, KSeF down (offline) then back, and never sent twice by two processes.
 */
const NIP = '1234563218';
const TOKEN = '20260203-EC-1A2B3C4D5E-6F7A8B9C0D-11|nip-1234563218|0123456789abcdef';

describe.skipIf(skipIfNoDatabase)('KSeF outbox', () => {
  let t: TestApp;
  let server: Server;
  let standIn: KsefStandIn;
  let env: Record<string, string>;
  let operator: Client;
  beforeAll(async () => {
    const started = await startKsefStandIn({ nip: NIP, ksefToken: TOKEN });
    server = started.server;
    standIn = started.standIn;
    env = { KSEF_API_URL: `${started.url}/v2`, KSEF_TOKEN: TOKEN, INVOICE_SELLER_NIP: NIP };
    t = await createTestApp({ seed: false, env });
    operator = await staffClient(t.app, 'OPERATOR');
  });
  afterAll(async () => {
    await t?.close();
    server?.close();
  });
  beforeEach(() => standIn.control({ unavailable: false, refuse: null, delayMs: 0 }));

  /** A plain VAT invoice by default (the experience before the payment); `advance`: paid before it. */
  const issue = async (client = operator, opts: { advance?: boolean } = {}) => {
    const order = await paidInvoiceOrder(t.app, { paidAfterExperience: !opts.advance });
    const res = await client.post(`/admin/invoices/orders/${order.orderId}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    return { ...order, invoice: res.json().data };
  };
  const listed = async (id: number) =>
    ((await operator.get('/admin/invoices/items?sort=number')).json().data as { id: number }[]).find(
      (i) => i.id === id,
    ) as { ksef: Record<string, unknown>; buyer_name: string } | undefined;
  const submission = async (id: number) =>
    (await t.app.db.select().from(ksefSubmissions).where(eq(ksefSubmissions.invoiceId, id)))[0]!;

  it('sends an issued invoice: accepted with its KSeF number and UPO; the member downloads the XML and sees the number in the PDF', async () => {
    const { invoice, api, orderId } = await issue();
    // Queued in the issuing transaction, with the XML as it will be sent (valid FA(3)).
    expect(invoice.ksef).toMatchObject({ state: 'WAITING', number: null });
    const queued = await submission(invoice.id);
    expect(queued.status).toBe('QUEUED');
    expect(fa3Errors(queued.xml!)).toEqual([]);
    expect(readXml(queued.xml!).text('//f:Fa/f:P_2')).toBe(invoice.number);
    expect(readXml(queued.xml!).text('//f:FaWiersz/f:P_8A')).toBe('szt.');

    expect(await t.app.ksef.run()).toMatchObject({ accepted: 1, rejected: 0 });
    const accepted = await submission(invoice.id);
    expect(accepted.status).toBe('ACCEPTED');
    expect(accepted.ksefNumber).toMatch(new RegExp(`^${NIP}-\\d{8}-[0-9A-F]{6}-[0-9A-F]{6}-[0-9A-F]{2}$`));
    expect((await listed(invoice.id))?.ksef).toMatchObject({
      state: 'ACCEPTED',
      number: accepted.ksefNumber,
    });
    // A second run has nothing to send: KSeF got the invoice once.
    expect(await t.app.ksef.run()).toEqual({ accepted: 0, rejected: 0, postponed: 0 });
    expect(standIn.received.filter((r) => r.number === invoice.number)).toHaveLength(1);

    // The UPO (staff) is KSeF's receipt of this invoice, with the hash KOD I carries.
    const upo = await operator.get(`/admin/invoices/item/${invoice.id}/upo`);
    expect(upo.statusCode).toBe(200);
    expect(upo.headers['content-type']).toContain('application/xml');
    expect(upoErrors(upo.body)).toEqual([]);
    expect(readXml(upo.body).text('//u:Dokument/u:NumerKSeFDokumentu')).toBe(accepted.ksefNumber);
    expect(
      Buffer.from(readXml(upo.body).text('//u:Dokument/u:SkrotDokumentu')!, 'base64').toString('base64url'),
    ).toBe(invoiceHash(accepted.xml!));

    // The member: the number in their list, the XML (theirs only), the PDF with the KSeF number.
    const mine = (await api.get(`/sales/orders/item/${orderId}/invoices`)).json().data;
    expect(mine[0]).toMatchObject({ ksef_number: accepted.ksefNumber, has_xml: true });
    const xml = await api.get(`/sales/invoices/item/${invoice.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toBe(accepted.xml);
    expect(xml.headers['content-disposition']).toContain('.xml');
    const other = await paidInvoiceOrder(t.app, { paid: false });
    expect((await other.api.get(`/sales/invoices/item/${invoice.id}/xml`)).statusCode).toBe(404);
    const pdf = await api.get(`/sales/invoices/item/${invoice.id}/pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Numer KSeF: ${accepted.ksefNumber}`);
    expect(text).toContain('szt.');
  });

  it('sends a correction only once its invoice is in KSeF, referencing its KSeF number', async () => {
    const { invoice, orderId } = await issue(operator, { advance: true });
    const corrected = await operator.post(`/admin/invoices/orders/${orderId}/correct`, { amount: 10 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const correction = corrected.json().data;
    // Its invoice has no KSeF number yet: no XML, waiting.
    expect((await submission(correction.id)).xml).toBeNull();
    const first = await t.app.ksef.run();
    expect(first.accepted).toBeGreaterThanOrEqual(1);
    expect((await submission(correction.id)).status).toBe('QUEUED');
    // A minute later (made now), the correction goes with the invoice's KSeF number.
    await t.app.db
      .update(ksefSubmissions)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(ksefSubmissions.invoiceId, correction.id));
    expect((await t.app.ksef.run()).accepted).toBe(1);
    const sent = await submission(correction.id);
    expect(sent.status).toBe('ACCEPTED');
    const doc = readXml(sent.xml!);
    // The corrected invoice was an advance invoice (paid before the experience): KOR_ZAL.
    expect(doc.text('//f:Fa/f:RodzajFaktury')).toBe('KOR_ZAL');
    expect(fa3Errors(sent.xml!)).toEqual([]);
    expect(doc.text('//f:DaneFaKorygowanej/f:NrKSeFFaKorygowanej')).toBe(
      (await submission(invoice.id)).ksefNumber,
    );
  });

  it('a rejected invoice keeps KSeF’s code and reason; staff fix the buyer and send it again (audited)', async () => {
    standIn.control({
      refuse: { code: 450, reason: 'Błąd weryfikacji semantyki dokumentu faktury: NIP nabywcy' },
    });
    const { invoice } = await issue();
    expect(await t.app.ksef.run()).toMatchObject({ rejected: 1 });
    expect((await listed(invoice.id))?.ksef).toMatchObject({
      state: 'REJECTED',
      number: null,
      error_code: 450,
      error_reason: expect.stringContaining('NIP nabywcy'),
    });
    standIn.control({ refuse: null });

    const path = `/admin/invoices/item/${invoice.id}/ksef/resend`;
    // A bad NIP is refused on its field, in the staff member's language.
    const bad = {
      name: 'Nowak S.A.',
      tax_prefix: 'PL',
      tax_number: '1234567890',
      address_1: 'ul. Nowa 1',
      address_2: '00-001 Warszawa',
    };
    const refused = await operator.post(path, { buyer: bad });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['buyer.tax_number'][0]).toMatch(/NIP/);
    const admin = await staffClient(t.app, 'ADMIN', { language: 'en' });
    const refusedEn = await admin.post(path, { buyer: { ...bad, name: '' } });
    expect(refusedEn.statusCode).toBe(422);
    expect(refusedEn.json().errors['buyer.name'][0]).toMatch(/required/i);

    const fixed = await operator.post(path, { buyer: { ...bad, tax_number: '526-025-02-74' } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({
      buyer_name: 'Nowak S.A.',
      buyer_tax_number: '5260250274',
      ksef: { state: 'WAITING', error_code: null },
    });
    const [audit] = await auditRows(t.app, 'invoice', invoice.id);
    expect(audit).toMatchObject({ action: 'ksef-resend' });
    expect(JSON.stringify(audit)).toContain('NIP nabywcy');

    // Waiting again: a second resend is refused (never two sends of one invoice).
    const twice = await operator.post(path, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'KSEF_NOT_REJECTED' });
    expect(twice.json().message).toContain(invoice.number);

    expect(await t.app.ksef.run()).toMatchObject({ accepted: 1 });
    const sent = await submission(invoice.id);
    expect(sent.status).toBe('ACCEPTED');
    expect(readXml(sent.xml!).text('//f:Podmiot2/f:DaneIdentyfikacyjne/f:Nazwa')).toBe('Nowak S.A.');
    // Accepted: no resend.
    expect((await operator.post(path, {})).statusCode).toBe(409);
  });

  it('KSeF unavailable: the invoice is issued offline, waits with back-off, then goes in offline mode', async () => {
    standIn.control({ unavailable: true });
    const { invoice, api } = await issue();
    expect(await t.app.ksef.run()).toMatchObject({ postponed: 1, accepted: 0 });
    const waiting = await submission(invoice.id);
    expect(waiting).toMatchObject({ status: 'QUEUED', offline: true, attempts: 1, errorCode: 503 });
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Staff see the offline state and its deadline: the next working day after the issue date.
    expect((await listed(invoice.id))?.ksef).toMatchObject({
      state: 'OFFLINE',
      number: null,
      offline_deadline: offlineDeadline(invoice.issue_date),
    });
    // The member's PDF says it was issued offline and waits for its KSeF number: KOD I with OFFLINE
    // under it and KOD II with CERTYFIKAT, both read back from the PDF as a phone reads them.
    const offlineBytes = (await api.get(`/sales/invoices/item/${invoice.id}/pdf`)).rawPayload;
    const offlinePdf = await pdfText(offlineBytes);
    expect(offlinePdf).toContain('OFFLINE');
    expect(offlinePdf).toContain('CERTYFIKAT');
    const hash = invoiceHash(waiting.xml!);
    const [kodI, kodII, ...more] = await pdfQrCodes(offlineBytes);
    expect(more).toEqual([]);
    expect(kodI).toBe(invoiceVerificationLink('test', NIP, invoice.issue_date, hash));
    // KOD II names the seller's context, the test Offline certificate and this XML's hash, and its
    // signature verifies with the certificate's public key.
    const signed = certificateLinkToSign('test', {
      contextType: 'Nip',
      contextId: NIP,
      sellerNip: NIP,
      certificateSerial: '4B5345464F46464C',
      hash,
    });
    expect(kodII?.startsWith(`https://${signed}/`)).toBe(true);
    const signature = Buffer.from(kodII!.slice(`https://${signed}/`.length), 'base64url');
    expect(
      verify(
        'sha256',
        Buffer.from(signed),
        { key: new X509Certificate(TEST_OFFLINE_CERTIFICATE).publicKey, dsaEncoding: 'ieee-p1363' },
        signature,
      ),
    ).toBe(true);

    standIn.control({ unavailable: false });
    // Before its back-off ends, it is not tried.
    expect(await t.app.ksef.run()).toEqual({ accepted: 0, rejected: 0, postponed: 0 });
    await t.app.db
      .update(ksefSubmissions)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(ksefSubmissions.invoiceId, invoice.id));
    expect(await t.app.ksef.run()).toMatchObject({ accepted: 1 });
    expect(await submission(invoice.id)).toMatchObject({ status: 'ACCEPTED', offline: true });
    expect((await listed(invoice.id))?.ksef).toMatchObject({ state: 'ACCEPTED', offline_deadline: null });
    // Accepted: KOD I with the KSeF number under it; KOD II is no longer printed.
    const acceptedBytes = (await api.get(`/sales/invoices/item/${invoice.id}/pdf`)).rawPayload;
    const acceptedPdf = await pdfText(acceptedBytes);
    expect(acceptedPdf).toContain((await submission(invoice.id)).ksefNumber!);
    expect(acceptedPdf).not.toContain('CERTYFIKAT');
    expect(await pdfQrCodes(acceptedBytes)).toEqual([kodI]);
    expect(standIn.received.find((r) => r.number === invoice.number)).toMatchObject({
      offline: true,
      status: 200,
    });
  });

  it('guards its endpoints: 401, 403 for other roles, CSRF, 404 for a missing invoice', async () => {
    const { invoice, api } = await issue();
    const anonymous = new Client(t.app);
    const customer = new Client(t.app);
    const c = await createTestUser(t.app.db, { type: 'CUSTOMER' });
    await customer.login(c.email, c.password);
    for (const path of [`/admin/invoices/item/${invoice.id}/xml`, `/admin/invoices/item/${invoice.id}/upo`]) {
      expect((await anonymous.get(path)).statusCode).toBe(401);
      expect((await customer.get(path)).statusCode).toBe(403);
    }
    const resend = `/admin/invoices/item/${invoice.id}/ksef/resend`;
    expect((await anonymous.post(resend, {})).statusCode).toBe(401);
    expect((await customer.post(resend, {})).statusCode).toBe(403);
    const noCsrf = await operator.post(resend, {}, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('CSRF');
    expect((await operator.post('/admin/invoices/item/999999/ksef/resend', {})).statusCode).toBe(404);
    expect((await operator.get(`/sales/invoices/item/${invoice.id}/xml`)).statusCode).toBe(403);
    expect((await anonymous.get(`/sales/invoices/item/${invoice.id}/xml`)).statusCode).toBe(401);
    // Staff read the XML as sent; no UPO before KSeF accepted it.
    const xml = await operator.get(`/admin/invoices/item/${invoice.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toBe((await submission(invoice.id)).xml);
    expect((await operator.get(`/admin/invoices/item/${invoice.id}/upo`)).statusCode).toBe(404);
    expect((await api.get(`/sales/invoices/item/${invoice.id}/xml`)).statusCode).toBe(200);
  });

  it.runIf(DB_KIND === 'postgres')('two server processes never send the same invoice twice', async () => {
    const second = await createTestApp({ sameDatabaseAs: t, env });
    try {
      // What earlier tests left queued goes first, so the race is over these six alone.
      await t.app.ksef.run();
      const issued = await Promise.all(Array.from({ length: 6 }, () => issue()));
      const numbers = issued.map((i) => i.invoice.number as string);
      const runs = await Promise.all([
        t.app.ksef.run(),
        second.app.ksef.run(),
        t.app.ksef.run(),
        second.app.ksef.run(),
      ]);
      expect(runs.reduce((n, r) => n + r.accepted, 0)).toBe(6);
      const sent = standIn.received.filter((r) => numbers.includes(r.number!));
      expect(sent).toHaveLength(6);
      expect(new Set(sent.map((r) => r.number)).size).toBe(6);
      const rows = await t.app.db
        .select()
        .from(ksefSubmissions)
        .where(
          inArray(
            ksefSubmissions.invoiceId,
            issued.map((i) => i.invoice.id),
          ),
        );
      expect(rows.every((r) => r.status === 'ACCEPTED' && r.attempts === 1)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
