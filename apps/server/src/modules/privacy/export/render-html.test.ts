import { describe, expect, it } from 'vitest';
import type { MemberData } from './collect';
import { renderExportHtml } from './render-html';

/** The readable copy (render-html.ts): every value escaped, no script, in the member's language. */
const EVIL = '<script>alert("x")</script><img src=x onerror=alert(1)>';

const data = (language: 'pl' | 'en'): MemberData => ({
  format: 'excellence-club/member-data',
  version: 1,
  generated_at: '2026-11-28T10:00:00.000Z',
  language,
  account: {
    id: 7,
    email: 'a@example.com',
    name: EVIL,
    surname: 'Nowak',
    type: 'CUSTOMER',
    created_at: '2026-01-05T09:00:00.000Z',
  },
  customer: { invoice_company_name: `${EVIL} Sp. z o.o.`, vehicle_issue: '2026-03-01' },
  consents: {
    current: { term_1: true, term_4_email: false, consents_given_at: { term_1: '2026-01-05T09:00:00.000Z' } },
    history: [
      {
        consent: 'term_1',
        given: true,
        actor: 'member',
        source: 'account_profile',
        wording_version: '2026-01',
        backfill: false,
        created_at: '2026-01-05T09:00:00.000Z',
      },
    ],
  },
  interests: [{ id: 1, name: EVIL }],
  cart: [],
  orders: [
    {
      id: 42,
      status: 'PAID',
      total_grosze: 123_450,
      buyer: { name: EVIL },
      lines: [{ product_name: EVIL, quantity: 2, persons: [{ name: EVIL, surname: 'Gość' }] }],
      payments: [{ kind: 'PAID', amount_grosze: 123_450 }],
      invoices: [],
      tickets: [
        {
          seat: 0,
          name: 'Jan',
          surname: 'Nowak',
          check_ins: [{ at: '2026-05-01T08:00:00.000Z', gate: EVIL }],
        },
      ],
    },
  ],
  waiting_lists: { notify_me: [], seat_offers: [] },
  mails: [{ subject: EVIL, template: 'order-paid' }],
  sessions: [],
  single_use_links: [],
  exports: [],
  photos: [],
});

describe('the readable copy', () => {
  it('escapes every value a person typed, anywhere in the document; no script runs', () => {
    const html = renderExportHtml(data('pl'));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html.match(/<script/gi)).toBeNull();
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it('speaks the member’s language: words, dates, money, consents', () => {
    const pl = renderExportHtml(data('pl'));
    expect(pl).toContain('<html lang="pl">');
    expect(pl).toContain('Zamówienie nr 42');
    expect(pl).toMatch(/1\s234,50\szł/);
    expect(pl).toContain('opłacone');
    expect(pl).toContain('Akceptuję Regulamin Excellence Club.');
    expect(pl).toContain('5 stycznia 2026');
    const en = renderExportHtml(data('en'));
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Order no. 42');
    expect(en).toContain('1,234.50 zł');
    expect(en).toContain('I accept the Excellence Club rules.');
    expect(en).toContain('5 January 2026');
    expect(en).not.toContain('Zamówienie');
  });
});
