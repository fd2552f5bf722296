import { describe, expect, it } from 'vitest';
import {
  deliveryDate,
  deliveryDateMax,
  formatDisplayDate,
  isRealIsoDate,
  vinNumber,
  ZAcceptAgreements,
  ZDealerCustomersQuery,
  ZRegisterExistingCustomer,
  ZRegisterNewCustomer,
  ZUpdateDealerCustomer,
} from '../index';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('delivery date', () => {
  it.each([
    ['2020-01-01', true],
    ['2019-12-31', false],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-13-01', false],
    ['01/02/2025', false],
    ['', false],
  ])('%s → %s', (value, ok) => {
    expect(deliveryDate().safeParse(value).success).toBe(ok);
  });

  it('allows planned deliveries up to a year ahead', () => {
    const max = deliveryDateMax();
    expect(deliveryDate().safeParse(max).success).toBe(true);
    const over = new Date(`${max}T00:00:00Z`);
    over.setUTCDate(over.getUTCDate() + 1);
    const r = deliveryDate().safeParse(over.toISOString().slice(0, 10));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/^validation\.dateMax\|\{"date":"\d\d\/\d\d\/\d{4}"\}$/);
  });

  it('names the bound in dd/MM/yyyy', () => {
    const r = deliveryDate().safeParse('2019-06-01');
    expect(r.error?.issues[0]).toMatchObject({
      message: 'validation.dateMin|{"date":"01/01/2020"}',
      params: { date: '01/01/2020' },
    });
    expect(formatDisplayDate('2026-11-21')).toBe('21/11/2026');
    expect(deliveryDateMax(new Date('2026-02-28T10:00:00Z'))).toBe('2027-02-28');
    expect(isRealIsoDate('2026-02-31')).toBe(false);
  });
});

describe('VIN', () => {
  it.each([
    ['WBA21EH0X0CK01234', true],
    ['wba21eh0x0ck01234', true],
    [' WBA21EH0X0CK01234 ', true],
    ['WBA21EH0X0CK0123', false],
    ['WBA21EH0X0CK012345', false],
    ['WBA21EH0X0CK0123I', false],
    ['WBA21EH0X0CK0123O', false],
    ['WBA21EH0X0CK0123Q', false],
    ['WBA21EH0X0CK0123-', false],
  ])('%s → %s', (value, ok) => {
    expect(vinNumber().safeParse(value).success).toBe(ok);
  });

  it('is stored in capitals', () => {
    expect(vinNumber().parse('wba21eh0x0ck01234')).toBe('WBA21EH0X0CK01234');
  });
});

describe('register forms', () => {
  it('NEW requires names (min 2), e-mail, honorific, language and model', () => {
    const r = ZRegisterNewCustomer.safeParse({
      user: { name: 'A', surname: '', email: 'x', language_id: '' },
      customer: {},
    });
    expect(messages(r)).toMatchObject({
      'user.name': 'validation.minLength|2',
      'user.surname': 'validation.required',
      'user.email': 'validation.email',
      'user.honorific': 'validation.required',
      'user.language_id': 'validation.required',
      'customer.model': 'validation.required',
    });
    const ok = ZRegisterNewCustomer.parse({
      user: { name: 'Jan', surname: 'Nowak', email: 'JAN@Example.com', honorific: 'MR', language_id: '2' },
      customer: { model: 'XM', contract_number: '', city: ' Kraków ' },
    });
    expect(ok.user).toMatchObject({ email: 'jan@example.com', language_id: 2 });
    expect(ok.customer).toMatchObject({ contract_number: null, city: 'Kraków' });
  });

  it('EXISTING leaves names optional and needs delivery date, VIN, order number and language', () => {
    const r = ZRegisterExistingCustomer.safeParse({ user: { name: '', surname: 'K' }, customer: {} });
    expect(messages(r)).toEqual({
      'user.surname': 'validation.minLength|2',
      'user.language_id': 'validation.required',
      'customer.vehicle_issue': 'validation.required',
      'customer.vin_number': 'validation.required',
      'customer.order_number': 'validation.required',
    });
    const ok = ZRegisterExistingCustomer.parse({
      user: { name: '', surname: '', honorific: '', language_id: 1 },
      customer: {
        model: '',
        vehicle_issue: '2021-03-01',
        vin_number: 'WBA21EH0X0CK01234',
        order_number: 'Z-1',
      },
    });
    expect(ok.user).toMatchObject({ name: null, surname: null, honorific: null });
    expect(ok.customer.model).toBeNull();
  });

  it('the update needs an order number; the delivery date may stay empty', () => {
    expect(messages(ZUpdateDealerCustomer.safeParse({ customer: { order_number: ' ' } }))).toEqual({
      'customer.order_number': 'validation.required',
    });
    expect(
      ZUpdateDealerCustomer.parse({ customer: { order_number: 'A', vehicle_issue: '' } }).customer
        .vehicle_issue,
    ).toBeNull();
  });
});

describe('agreements', () => {
  it('needs term_1, term_2 and term_3; the others default to false', () => {
    const r = ZAcceptAgreements.safeParse({ token: 'abcdefghijk', term_1: true, term_2: 0 });
    expect(messages(r)).toEqual({ term_2: 'validation.termRequired', term_3: 'validation.termRequired' });
    const ok = ZAcceptAgreements.parse({
      token: 'abcdefghijk',
      term_1: true,
      term_2: 1,
      term_3: true,
      term_4_car: 1,
      email: '',
    });
    expect(ok).toMatchObject({ term_2a: false, term_4_car: true, term_4_email: false, email: undefined });
  });
});

describe('customer list filters', () => {
  it('reads bracket keys and nested objects alike', () => {
    expect(
      ZDealerCustomersQuery.parse({ 'where[search]': ' Nowak ', 'where[status]': 'REGISTERED', page: '3' }),
    ).toEqual({
      page: 3,
      search: 'Nowak',
      status: 'REGISTERED',
    });
    expect(ZDealerCustomersQuery.parse({ where: { status: '' } })).toEqual({
      page: 1,
      search: undefined,
      status: null,
    });
    expect(ZDealerCustomersQuery.safeParse({ 'where[status]': 'GONE' }).success).toBe(false);
  });
});
