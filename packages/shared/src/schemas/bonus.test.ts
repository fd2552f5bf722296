import { describe, expect, it } from 'vitest';
import { filterTaxOffices, pesel, taxNumber, ZBonusSignup } from '../index';

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Anna',
  surname: 'Wiśniewska',
  email: 'anna@example.com',
  phone: '603 456 789',
  address: 'Opolska 100',
  post_code: '31-323',
  city: 'Kraków',
  pesel: '02070803628',
  tax_number: '',
  taxation_form: 'PIT-11',
  tax_office: 'Urząd Skarbowy Kraków-Krowodrza',
  term_1: true,
  term_2: true,
  term_3: true,
  term_4: true,
  ...over,
});

const errors = (over: Record<string, unknown>) =>
  Object.fromEntries(
    (ZBonusSignup.safeParse(form(over)).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

describe('PESEL', () => {
  it.each([
    ['44051401359', null],
    ['02070803628', null],
    ['02270803624', null], // born in 2002 (month + 20)
    ['44051401358', 'validation.pesel'],
    ['44051401350', 'validation.pesel'],
    ['44133101354', 'validation.pesel'], // month 13
    ['4405140135', 'validation.exactDigits|11'],
    ['440514013590', 'validation.exactDigits|11'],
    ['4405140135a', 'validation.digits'],
    ['', null],
  ])('%s → %s', (value, message) => {
    const r = pesel().safeParse(value);
    expect(r.success ? null : r.error.issues[0]?.message).toBe(message);
  });
});

describe('NIP', () => {
  it.each([
    ['1234563218', null],
    ['123-456-32-18', null],
    ['123 456 32 18', null],
    ['5260250274', null],
    ['1234563219', 'validation.nip'],
    ['5260250275', 'validation.nip'],
    ['123456321', 'validation.exactDigits|10'],
    ['12345632181', 'validation.exactDigits|10'],
    ['12345632x8', 'validation.digits'],
  ])('%s → %s', (value, message) => {
    const r = taxNumber().safeParse(value);
    expect(r.success ? null : r.error.issues[0]?.message).toBe(message);
  });

  it('stores bare digits', () => {
    expect(taxNumber().parse('123-456-32-18')).toBe('1234563218');
    expect(taxNumber().parse('  ')).toBeNull();
  });
});

describe('bonus sign-up', () => {
  it('accepts a full PIT-11 form', () => {
    expect(ZBonusSignup.parse(form())).toMatchObject({
      pesel: '02070803628',
      tax_number: null,
      correspondence_address: null,
    });
  });

  it('needs PESEL or NIP', () => {
    expect(errors({ pesel: '', tax_number: '' })).toEqual({
      pesel: 'validation.peselOrNip',
      tax_number: 'validation.peselOrNip',
    });
    expect(errors({ pesel: '', tax_number: '1234563218' })).toEqual({});
  });

  it('needs a tax office unless JDG, and JDG clears it', () => {
    expect(errors({ tax_office: '' })).toEqual({ tax_office: 'validation.required' });
    expect(ZBonusSignup.parse(form({ taxation_form: 'JDG', tax_office: 'x' })).tax_office).toBeNull();
    expect(errors({ taxation_form: 'CIT' }).taxation_form).toBeDefined();
  });

  it('needs all four terms, names of 2+, a valid e-mail, phone and postal code', () => {
    expect(
      errors({ term_1: false, term_4: undefined, name: 'A', email: 'a@', phone: '12', post_code: '31323' }),
    ).toEqual({
      term_1: 'validation.termRequired',
      term_4: 'validation.termRequired',
      name: 'validation.minLength|2',
      email: 'validation.email',
      phone: 'validation.contactPhone',
      post_code: 'validation.postCode',
    });
  });

  it('reports the cross-field rules together with field errors', () => {
    expect(errors({ name: 'A', pesel: '', tax_number: '', tax_office: '' })).toEqual({
      name: 'validation.minLength|2',
      pesel: 'validation.peselOrNip',
      tax_number: 'validation.peselOrNip',
      tax_office: 'validation.required',
    });
  });
});

describe('tax office search', () => {
  const offices = [
    { name: 'Urząd Skarbowy Kraków-Krowodrza', city: 'Kraków' },
    { name: 'Pierwszy Urząd Skarbowy w Gdańsku', city: 'Gdańsk' },
    { name: 'Urząd Skarbowy w Sopocie', city: 'Sopot' },
  ];
  it('matches name or city, case-insensitively', () => {
    expect(filterTaxOffices(offices, 'KRAKÓW')).toHaveLength(1);
    expect(filterTaxOffices(offices, 'gdańsk')).toHaveLength(1);
    expect(filterTaxOffices(offices, 'sopocie')).toHaveLength(1);
    expect(filterTaxOffices(offices, 'urząd')).toHaveLength(3);
    expect(filterTaxOffices(offices, '  ')).toHaveLength(3);
    expect(filterTaxOffices(offices, 'Łódź')).toHaveLength(0);
  });
});
