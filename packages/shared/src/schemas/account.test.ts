import { describe, expect, it } from 'vitest';
import '../index';
import { meetsPasswordPolicy } from '../validators/password';
import { isValidNip } from '../validators/nip';
import { ZChangePassword } from './auth';
import {
  isInvoiceDataComplete,
  phoneIssue,
  REQUIRED_INVOICE_FIELDS,
  ZCustomerProfileUpdate,
  ZInvoiceData,
  ZUpdateInterests,
} from './account';

const fieldMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message.split('|')[0]]));

describe('NIP (SPEC.md §5)', () => {
  it.each([
    ['5260250274', true, 'valid'],
    ['526-025-02-74', true, 'dashes ignored'],
    ['526 025 02 74', true, 'spaces ignored'],
    ['7251801126', true, 'valid, another'],
    ['5260250275', false, 'wrong checksum'],
    ['526025027', false, 'too short'],
    ['52602502741', false, 'too long'],
    ['52602502A4', false, 'letters'],
    ['', false, 'empty'],
    ['1234567890', false, 'checksum 10 is never valid'],
  ])('%s is %s (%s)', (nip, valid) => {
    expect(isValidNip(nip)).toBe(valid);
  });
});

describe('phone against the calling code', () => {
  it.each([
    ['48', '601234567', null],
    ['+48', '601234567', null],
    ['48', '60123456', 'validation.exactDigits'],
    ['48', '6012345678', 'validation.exactDigits'],
    ['44', '7911123456', null],
    ['44', '7700900123', 'validation.phone'],
    ['44', '12', 'validation.phone'],
    ['49', '15112345678', null],
    ['48', '000000000', 'validation.phone'],
  ])('+%s %s -> %s', (prefix, phone, key) => {
    expect(phoneIssue(prefix, phone)?.key ?? null).toBe(key);
  });
});

const profile = {
  honorific: 'MR',
  name: 'Jan',
  surname: 'Kowalski',
  phone_prefix: '+48',
  phone: '601234567',
  email: 'ignored@example.com',
  customer: { street: 'Polna', building_number: '1', term_1: 1, term_2: true, term_4_car: 0 },
};

describe('ZCustomerProfileUpdate', () => {
  it('accepts the form, strips the plus and the e-mail, reads consents as 0/1 or booleans', () => {
    const v = ZCustomerProfileUpdate.parse(profile);
    expect(v.phone_prefix).toBe('48');
    expect(v).not.toHaveProperty('email');
    expect(v.customer.term_1).toBe(true);
    expect(v.customer.term_2).toBe(true);
    expect(v.customer.term_4_car).toBe(false);
    expect(v.customer.term_3).toBe(false);
    expect(v.customer.city).toBeNull();
  });

  it('puts the amount into the message key so that forms can translate it', () => {
    const r = ZCustomerProfileUpdate.safeParse({ ...profile, phone: '60123456' });
    expect(r.error?.issues[0]?.message).toBe('validation.exactDigits|9');
  });

  it.each([
    [{ name: '' }, 'name', 'validation.required'],
    [{ name: 'J' }, 'name', 'validation.minLength'],
    [{ honorific: 'DR' }, 'honorific', 'validation.required'],
    [{ phone: '60123456a' }, 'phone', 'validation.digits'],
    [{ phone: '' }, 'phone', 'validation.required'],
    [{ phone: '60123456' }, 'phone', 'validation.exactDigits'],
    [{ phone_prefix: '+4' }, 'phone_prefix', 'validation.phonePrefix'],
    [{ phone_prefix: '+48488' }, 'phone_prefix', 'validation.phonePrefix'],
    [{ phone_prefix: '' }, 'phone_prefix', 'validation.required'],
  ])('%o gives %s: %s', (patch, field, key) => {
    expect(fieldMessages(ZCustomerProfileUpdate.safeParse({ ...profile, ...patch }))[field]).toBe(key);
  });
});

const invoice = {
  invoice_company_name: 'Excellence Sp. z o.o.',
  invoice_street: 'Polna',
  invoice_building_number: '1',
  invoice_post_code: '00-001',
  invoice_city: 'Warszawa',
  tax_number_prefix: 'PL',
  tax_number: '526-025-02-74',
};

describe('ZInvoiceData', () => {
  it('normalises a Polish NIP and defaults the country to PL', () => {
    const { tax_number_prefix: _, ...withoutPrefix } = invoice;
    const v = ZInvoiceData.parse(withoutPrefix);
    expect(v.tax_number_prefix).toBe('PL');
    expect(v.tax_number).toBe('5260250274');
    expect(v.invoice_locale_number).toBeNull();
  });

  it('keeps an EU VAT number as FA(3) sends it: capitals and digits, without the prefix or separators', () => {
    expect(
      ZInvoiceData.parse({ ...invoice, tax_number_prefix: 'DE', tax_number: 'de 123.456-789' }).tax_number,
    ).toBe('123456789');
    expect(
      ZInvoiceData.parse({ ...invoice, tax_number_prefix: 'DE', tax_number: 'DE123456789' }).tax_number,
    ).toBe('123456789');
    // A foreign address keeps its own postal code; outside the EU the tax id is taken as typed.
    const ch = ZInvoiceData.parse({
      ...invoice,
      tax_number_prefix: 'CH',
      tax_number: 'CHE-123.456.788 MWST',
      invoice_post_code: '8001',
    });
    expect([ch.tax_number, ch.invoice_post_code]).toEqual(['CHE-123.456.788 MWST', '8001']);
  });

  it('gives a Polish postal code typed without its dash the dash', () => {
    expect(ZInvoiceData.parse({ ...invoice, invoice_post_code: '00848' }).invoice_post_code).toBe('00-848');
  });

  it.each([
    [{ tax_number: '5260250275' }, 'tax_number', 'validation.nip'],
    [{ tax_number: '' }, 'tax_number', 'validation.required'],
    [{ tax_number: '', tax_number_prefix: 'DE' }, 'tax_number', 'validation.required'],
    [{ tax_number_prefix: 'XX' }, 'tax_number_prefix', 'validation.wrongValue'],
    [{ invoice_company_name: '  ' }, 'invoice_company_name', 'validation.required'],
    [{ invoice_city: undefined }, 'invoice_city', 'validation.required'],
    // What KSeF would refuse (issue 30): FA(3)'s NIP pattern, a Polish postal code, an EU VAT number.
    [{ tax_number: '0000000000' }, 'tax_number', 'validation.nip'],
    [{ invoice_post_code: '00-8480' }, 'invoice_post_code', 'validation.postCode'],
    [{ invoice_post_code: 'Warszawa' }, 'invoice_post_code', 'validation.postCode'],
    [{ tax_number_prefix: 'DE', tax_number: '1234567890123' }, 'tax_number', 'validation.vatUeNumber'],
    [{ tax_number_prefix: 'FR', tax_number: 'AB/12' }, 'tax_number', 'validation.vatUeNumber'],
    [{ tax_number_prefix: 'NO', tax_number: '9'.repeat(31) }, 'tax_number', 'validation.maxLength'],
    [
      { invoice_company_name: 'Firma\u0007 Sp. z o.o.' },
      'invoice_company_name',
      'validation.controlCharacters',
    ],
    [{ invoice_street: 'Długa\n5' }, 'invoice_street', 'validation.controlCharacters'],
    [{ invoice_locale_number: '4\t' + 'b' }, 'invoice_locale_number', 'validation.controlCharacters'],
    [{ invoice_company_name: 'x'.repeat(201) }, 'invoice_company_name', 'validation.maxLength'],
  ])('%o gives %s: %s', (patch, field, key) => {
    expect(fieldMessages(ZInvoiceData.safeParse({ ...invoice, ...patch }))[field]).toBe(key);
  });
});

describe('ZUpdateInterests', () => {
  it('needs at least 6 distinct interests', () => {
    expect(ZUpdateInterests.safeParse({ interests: [1, 2, 3, 4, 5, 6] }).success).toBe(true);
    const few = ZUpdateInterests.safeParse({ interests: [1, 2, 3, 4, 5, 5] });
    expect(few.success).toBe(false);
    expect(few.error?.issues[0]?.message).toBe('validation.interestsMin|6');
    expect(ZUpdateInterests.safeParse({ interests: 'all' }).success).toBe(false);
  });
});

describe('password policy', () => {
  it.each([
    ['Excellence#2026', true],
    ['short#1A', true],
    ['Sh#1a', false],
    ['alllowercase#1', false],
    ['ALLUPPERCASE#1', false],
    ['NoDigits#here', false],
    ['NoSpecial123', false],
  ])('%s -> %s', (password, ok) => {
    expect(meetsPasswordPolicy(password)).toBe(ok);
  });

  it('password change needs the confirmation to match', () => {
    const r = ZChangePassword.safeParse({
      current_password: 'x',
      password: 'Excellence#2027',
      password_confirmation: 'Other#2027a',
    });
    expect(fieldMessages(r).password_confirmation).toBe('validation.passwordsMatch');
  });
});

describe('isInvoiceDataComplete (the cart switch and the order check read this one rule)', () => {
  const complete = {
    invoice_company_name: 'Excellence Sp. z o.o.',
    invoice_street: 'Marszałkowska',
    invoice_building_number: '10',
    invoice_locale_number: null,
    invoice_post_code: '00-001',
    invoice_city: 'Warszawa',
    tax_number_prefix: 'PL',
    tax_number: '5260250274',
  };

  it('counts data KSeF would refuse as incomplete (saved before issue 30)', () => {
    expect(isInvoiceDataComplete({ ...complete, tax_number: '0000000000' })).toBe(false);
    expect(isInvoiceDataComplete({ ...complete, tax_number_prefix: 'DE', tax_number: 'DE 12-34' })).toBe(
      false,
    );
    expect(isInvoiceDataComplete({ ...complete, invoice_post_code: '0001' })).toBe(false);
  });

  it('needs every field but the flat number', () => {
    expect(isInvoiceDataComplete(complete)).toBe(true);
    for (const field of REQUIRED_INVOICE_FIELDS) {
      expect(isInvoiceDataComplete({ ...complete, [field]: null })).toBe(false);
      expect(isInvoiceDataComplete({ ...complete, [field]: '   ' })).toBe(false);
    }
  });

  it('is false for a member without invoice data', () => {
    expect(isInvoiceDataComplete(null)).toBe(false);
    expect(isInvoiceDataComplete({})).toBe(false);
  });
});
