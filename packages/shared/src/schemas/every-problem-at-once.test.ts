import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cartItemSchema,
  ZBonusSignup,
  ZChangePassword,
  ZCheckPassword,
  ZCustomerProfileUpdate,
  ZForgotPassword,
  ZInvitationAccept,
  ZInvoiceData,
  ZLogin,
  ZRegisterExistingCustomer,
  ZRegisterNewCustomer,
  ZResetPassword,
  ZStaffInvite,
  ZUpdateDealerCustomer,
} from '../index';
import { ZAdminProductInput } from './admin-catalog';
import { ZDiscountCodeBody } from './admin-discounts';
import { ZActivateAccount } from './dealers';
import { ZEnrolmentConfirm, ZSecondFactorCode } from './second-factor';

/**
 * Issue 28: a form marks every failing field on its first save. Each body below breaks every rule
 * of its form at once, the rules across fields included; the schema must report each field, not
 * stop at the first stage (an `abort` or a rule on the object that waits for the rest to pass).
 */
const reported = (schema: z.ZodType, body: unknown) =>
  Object.fromEntries((schema.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('every form reports every failing field at once', () => {
  it('profile: an empty name does not hide the phone that does not exist', () => {
    expect(
      reported(ZCustomerProfileUpdate, {
        honorific: '',
        name: '',
        surname: 'K',
        phone_prefix: '+48',
        phone: '12345',
        customer: {},
      }),
    ).toEqual({
      honorific: 'validation.required',
      name: 'validation.required',
      surname: 'validation.minLength|2',
      phone: 'validation.exactDigits|9',
    });
  });

  it('password change: a short password does not hide the confirmation that does not match', () => {
    expect(
      reported(ZChangePassword, { current_password: '', password: 'short', password_confirmation: 'other' }),
    ).toEqual({
      current_password: 'validation.required',
      password: 'validation.minLength|8',
      password_confirmation: 'validation.passwordsMatch',
    });
  });

  it.each([
    ['reset', ZResetPassword, { token: 'a-long-enough-token' }],
    ['activation', ZActivateAccount, { token: 'a-long-enough-token' }],
    ['staff invitation', ZInvitationAccept, { token: 'a-long-enough-token' }],
  ])('%s: the same for a new password', (_name, schema, base) => {
    expect(reported(schema, { ...base, password: 'short', password_confirmation: 'other' })).toEqual({
      password: 'validation.minLength|8',
      password_confirmation: 'validation.passwordsMatch',
    });
  });

  it('invoice data: a missing company name does not hide a wrong NIP', () => {
    expect(
      reported(ZInvoiceData, { invoice_company_name: '', tax_number_prefix: 'PL', tax_number: '1234567890' }),
    ).toEqual({
      invoice_company_name: 'validation.required',
      invoice_street: 'validation.required',
      invoice_building_number: 'validation.required',
      invoice_post_code: 'validation.required',
      invoice_city: 'validation.required',
      tax_number: 'validation.nip',
    });
  });

  it('bonus: a short PESEL does not hide the missing tax office', () => {
    expect(
      reported(ZBonusSignup, {
        name: '',
        surname: '',
        email: 'not-an-email',
        phone: '12',
        address: '',
        post_code: '31323',
        city: '',
        pesel: '123',
        tax_number: '',
        taxation_form: 'PIT-11',
        tax_office: '',
      }),
    ).toEqual({
      name: 'validation.required',
      surname: 'validation.required',
      email: 'validation.email',
      phone: 'validation.contactPhone',
      address: 'validation.required',
      post_code: 'validation.postCode',
      city: 'validation.required',
      pesel: 'validation.exactDigits|11',
      tax_office: 'validation.required',
      term_1: 'validation.termRequired',
      term_2: 'validation.termRequired',
      term_3: 'validation.termRequired',
      term_4: 'validation.termRequired',
    });
  });

  it('bonus: neither PESEL nor NIP is reported beside the other failures', () => {
    expect(
      reported(ZBonusSignup, { name: '', pesel: '', tax_number: '', taxation_form: 'JDG' }),
    ).toMatchObject({
      name: 'validation.required',
      pesel: 'validation.peselOrNip',
      tax_number: 'validation.peselOrNip',
    });
  });

  it("dealer's registration of a NEW customer", () => {
    expect(
      reported(ZRegisterNewCustomer, {
        user: { name: '', surname: 'K', email: 'x', honorific: '', language_id: '' },
        customer: { model: '' },
      }),
    ).toEqual({
      'user.name': 'validation.required',
      'user.surname': 'validation.minLength|2',
      'user.email': 'validation.email',
      'user.honorific': 'validation.required',
      'user.language_id': 'validation.required',
      'customer.model': 'validation.required',
    });
  });

  it("dealer's registration of an EXISTING customer", () => {
    expect(
      reported(ZRegisterExistingCustomer, {
        user: { name: 'K', language_id: '' },
        customer: { vehicle_issue: '2019-12-31', vin_number: 'SHORT', order_number: '' },
      }),
    ).toEqual({
      'user.name': 'validation.minLength|2',
      'user.language_id': 'validation.required',
      'customer.vehicle_issue': 'validation.dateMin|{"date":"01/01/2020"}',
      'customer.vin_number': 'validation.vin',
      'customer.order_number': 'validation.required',
    });
  });

  it("dealer's customer edit", () => {
    expect(
      reported(ZUpdateDealerCustomer, { customer: { order_number: '', vehicle_issue: '2020-02-30' } }),
    ).toEqual({
      'customer.order_number': 'validation.required',
      'customer.vehicle_issue': 'validation.date',
    });
  });

  it('cart item: a wrong quantity does not hide the unaccepted terms', () => {
    const schema = cartItemSchema({ maxQuantity: 2, termIds: [7, 8] });
    expect(reported(schema, { quantity: 'x', persons: [], terms: [{ term_id: 7, value: true }] })).toEqual({
      quantity: 'validation.wholeNumber',
      'terms.1.value': 'validation.termRequired',
    });
    expect(reported(schema, { quantity: 3, persons: [], terms: [] })).toEqual({
      quantity: 'validation.max|2',
      'persons.0.name': 'validation.required',
      'persons.0.surname': 'validation.required',
      'persons.1.name': 'validation.required',
      'persons.1.surname': 'validation.required',
      'terms.0.value': 'validation.termRequired',
      'terms.1.value': 'validation.termRequired',
    });
  });

  it.each([
    [
      'sign-in',
      ZLogin,
      { email: '', password: '' },
      { email: 'validation.required', password: 'validation.required' },
    ],
    ['forgotten password', ZForgotPassword, { email: '' }, { email: 'validation.required' }],
    ['password re-entry', ZCheckPassword, { password: '' }, { password: 'validation.required' }],
    [
      'second factor',
      ZSecondFactorCode,
      { challenge: '', code: '' },
      { challenge: 'validation.required', code: 'validation.required' },
    ],
    [
      'second factor enrolment',
      ZEnrolmentConfirm,
      { challenge: '', code: '12' },
      { challenge: 'validation.required', code: 'validation.invalidCode' },
    ],
  ])('%s', (_name, schema, body, expected) => {
    expect(reported(schema as z.ZodType, body)).toMatchObject(expected);
  });

  it('console: staff invitation', () => {
    expect(reported(ZStaffInvite, { email: '', name: '', surname: 'K', type: 'X', language: 'xx' })).toEqual({
      email: 'validation.required',
      name: 'validation.required',
      surname: 'validation.minLength|2',
      type: 'validation.invalidChoice',
      language: 'validation.invalidChoice',
    });
  });

  it('console: a discount code with a bad code, no amount and days out of order', () => {
    expect(
      reported(ZDiscountCodeBody, {
        code: '!',
        kind: 'AMOUNT',
        amount: '',
        percent: '',
        valid_from: '2026-05-02',
        valid_to: '2026-05-01',
        max_uses: '',
        per_member_limit: 0,
      }),
    ).toMatchObject({
      code: expect.any(String),
      amount: 'validation.required',
      valid_to: 'validation.endBeforeStart',
      per_member_limit: expect.any(String),
    });
  });

  it('console: an experience with a missing name, ending before it starts and one label only', () => {
    expect(
      reported(ZAdminProductInput, {
        start_date: '2026-05-02',
        end_date: '2026-05-01',
        cart_label_pl: 'Numer rejestracyjny',
        cart_label_en: '',
      }),
    ).toMatchObject({
      end_date: 'validation.endBeforeStart',
      cart_label_en: 'validation.required',
      price: expect.any(String),
    });
  });
  it('a body that is not an object at all is refused, never thrown on (the rules across fields do not run)', () => {
    const schemas: z.ZodType[] = [
      ZCustomerProfileUpdate,
      ZChangePassword,
      ZInvoiceData,
      ZBonusSignup,
      ZRegisterNewCustomer,
      ZRegisterExistingCustomer,
      ZUpdateDealerCustomer,
      ZResetPassword,
      ZStaffInvite,
      ZAdminProductInput,
      ZDiscountCodeBody,
      ZActivateAccount,
    ];
    for (const schema of schemas) {
      for (const body of [[{ phone: '1' }, {}, ''], 'text', 42, null, true]) {
        expect(() => schema.safeParse(body)).not.toThrow();
        expect(schema.safeParse(body).success).toBe(false);
      }
    }
  });
});
