import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { DEFAULT_TAX_PREFIX, HONORIFICS, INTERESTS_MIN, PHONE_DIGITS, USER_TYPE } from '../constants';
import {
  hasNoControlCharacters,
  INVOICE_FIELD_MAX,
  normalisePolishPostCode,
  normaliseTaxNumber,
  POLISH_POST_CODE,
  taxNumberIssue,
} from './invoice-data';
import { afterEarlier, boolish, optionalText, personName, requiredText, whenValid } from './common';

/** PostgreSQL text cannot hold a NUL byte: such input is refused as a wrong value, never stored. */
const hasNoNul = (v: string | null) => v === null || !v.includes('\u0000');
const optional = (max: number) => optionalText(max).refine(hasNoNul, { error: 'validation.wrongValue' });
const memberName = () => personName().refine(hasNoNul, { error: 'validation.wrongValue' });

/** Calling code as the picker shows it ("+48") or as stored ("48"): SPEC.md §5, 3–4 characters with the plus. */
export const PHONE_PREFIX_PATTERN = /^\+?\d{2,3}$/;
const POLISH_CALLING_CODE = '48';

export const phonePrefix = () =>
  z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(PHONE_PREFIX_PATTERN, { error: 'validation.phonePrefix', ...afterEarlier })
    .transform((v) => v.replace(/\+/g, ''));

export const phoneNumber = () =>
  z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(17, { error: 'validation.tooLong', ...afterEarlier })
    .regex(/^\d+$/, { error: 'validation.digits', ...afterEarlier });

/**
 * The number must exist under its calling code. Polish numbers are exactly 9 digits (SPEC.md §5);
 * other countries follow their own plan, checked by libphonenumber (docs/decisions/account-phone.md).
 */
export function phoneIssue(prefix: string, phone: string): { key: string; amount?: number } | null {
  const code = prefix.replace(/\+/g, '');
  if (!/^\d+$/.test(code) || !/^\d+$/.test(phone)) return null;
  if (code === POLISH_CALLING_CODE && phone.length !== PHONE_DIGITS) {
    return { key: 'validation.exactDigits', amount: PHONE_DIGITS };
  }
  return isValidPhoneNumber(`+${code}${phone}`) ? null : { key: 'validation.phone' };
}

const consents = {
  term_1: boolish().default(false),
  term_2: boolish().default(false),
  term_2a: boolish().default(false),
  term_3: boolish().default(false),
  term_4_car: boolish().default(false),
  term_4_email: boolish().default(false),
  term_4_group: boolish().default(false),
  term_4_phone: boolish().default(false),
  term_4_post: boolish().default(false),
};
export const CONSENT_KEYS = Object.keys(consents) as (keyof typeof consents)[];
/** Consents that, once given, cannot be withdrawn on the profile screen (SPEC.md §4). */
export const PERMANENT_CONSENTS = ['term_1', 'term_2', 'term_2a', 'term_3'] as const;

/** customers/update: the profile form of SPEC.md §2; the e-mail is never accepted (stripped). */
export const ZCustomerProfileUpdate = z
  .object({
    honorific: z.enum(HONORIFICS, { error: 'validation.required' }),
    name: memberName(),
    surname: memberName(),
    phone_prefix: phonePrefix(),
    phone: phoneNumber(),
    customer: z.object({
      street: optional(120),
      building_number: optional(20),
      flat_number: optional(20),
      post_code: optional(12),
      city: optional(80),
      ...consents,
    }),
  })
  .superRefine(
    (v, ctx) => {
      const issue = phoneIssue(v.phone_prefix, v.phone);
      if (issue) {
        ctx.addIssue({
          code: 'custom',
          path: ['phone'],
          message: issue.amount ? `${issue.key}|${issue.amount}` : issue.key,
        });
      }
    },
    whenValid('phone_prefix', 'phone'),
  );
export type TCustomerProfileUpdate = z.infer<typeof ZCustomerProfileUpdate>;
export type TCustomerProfileInput = z.input<typeof ZCustomerProfileUpdate>;

/** VAT prefixes offered for the invoice's tax number: the EU (Greece is EL) and close neighbours. */
export const TAX_NUMBER_PREFIXES = [
  'PL',
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'GB',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type TaxNumberPrefix = (typeof TAX_NUMBER_PREFIXES)[number];

/**
 * customers/update-invoice-data (SPEC.md §5, tightened by issue 30 to what KSeF accepts: invoice-data.ts):
 * a NIP with its checksum and FA(3)'s pattern and a 00-000 postal code under PL, an EU VAT number of
 * FA(3)'s pattern under an EU prefix, a tax id of at most 50 characters elsewhere; no control character.
 */
const invoiceText = (max: number) =>
  requiredText(max).refine(hasNoControlCharacters, {
    error: 'validation.controlCharacters',
    ...afterEarlier,
  });
export const ZInvoiceData = z
  .object({
    invoice_company_name: invoiceText(INVOICE_FIELD_MAX.company),
    invoice_street: invoiceText(INVOICE_FIELD_MAX.street),
    invoice_building_number: invoiceText(INVOICE_FIELD_MAX.building),
    invoice_locale_number: optional(INVOICE_FIELD_MAX.flat).refine(hasNoControlCharacters, {
      error: 'validation.controlCharacters',
      ...afterEarlier,
    }),
    invoice_post_code: invoiceText(INVOICE_FIELD_MAX.postCode),
    invoice_city: invoiceText(INVOICE_FIELD_MAX.city),
    tax_number_prefix: z
      .enum(TAX_NUMBER_PREFIXES, { error: 'validation.wrongValue' })
      .default(DEFAULT_TAX_PREFIX),
    tax_number: invoiceText(INVOICE_FIELD_MAX.taxNumber),
  })
  .superRefine(
    (v, ctx) => {
      const issue = taxNumberIssue(v.tax_number_prefix, v.tax_number);
      if (issue) ctx.addIssue({ code: 'custom', path: ['tax_number'], message: issue });
    },
    whenValid('tax_number_prefix', 'tax_number'),
  )
  .superRefine(
    (v, ctx) => {
      if (
        v.tax_number_prefix === 'PL' &&
        !POLISH_POST_CODE.test(normalisePolishPostCode(v.invoice_post_code))
      ) {
        ctx.addIssue({ code: 'custom', path: ['invoice_post_code'], message: 'validation.postCode' });
      }
    },
    whenValid('tax_number_prefix', 'invoice_post_code'),
  )
  .transform((v) => ({
    ...v,
    tax_number: normaliseTaxNumber(v.tax_number_prefix, v.tax_number),
    invoice_post_code:
      v.tax_number_prefix === 'PL' ? normalisePolishPostCode(v.invoice_post_code) : v.invoice_post_code,
  }));
export type TInvoiceData = z.infer<typeof ZInvoiceData>;
export type TInvoiceDataInput = z.input<typeof ZInvoiceData>;

/** customers/update-interests: at least INTERESTS_MIN distinct ids. */
export const ZUpdateInterests = z.object({
  interests: z
    .array(z.number().int().positive().max(2_147_483_647))
    .max(100)
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length >= INTERESTS_MIN, { error: `validation.interestsMin|${INTERESTS_MIN}` }),
});
export type TUpdateInterests = z.infer<typeof ZUpdateInterests>;

/** The calendar feed's token; anything that is not a well-formed token is simply not found. */
export const CALENDAR_TOKEN_PATTERN = /^[\w-]{16,100}$/;
export const ZCalendarParams = z.object({ token: z.string().max(200) });

/* Responses (SPEC.md §3). */

export const ZInterest = z.strictObject({ id: z.number().int(), name: z.string() });
export type TInterest = z.output<typeof ZInterest>;

const nullableText = () => z.string().nullable();

const addressShape = {
  street: nullableText(),
  building_number: nullableText(),
  flat_number: nullableText(),
  post_code: nullableText(),
  city: nullableText(),
};
export type TAddress = { [K in keyof typeof addressShape]: string | null };

const consentsShape = Object.fromEntries(CONSENT_KEYS.map((key) => [key, z.boolean()])) as Record<
  (typeof CONSENT_KEYS)[number],
  z.ZodBoolean
>;
export type TConsents = Record<(typeof CONSENT_KEYS)[number], boolean>;
/** When each consent now given was given (ISO time); a consent given before this was recorded has none. */
export type TConsentTimes = { consents_given_at: Partial<Record<(typeof CONSENT_KEYS)[number], string>> };
const consentTimesShape = {
  consents_given_at: z.partialRecord(z.enum(CONSENT_KEYS), z.string()),
};

/** The invoice data of SPEC.md §3 (`invoice_locale_number` is the flat number, which may stay empty). */
export const INVOICE_FIELDS = [
  'invoice_company_name',
  'invoice_street',
  'invoice_building_number',
  'invoice_locale_number',
  'invoice_post_code',
  'invoice_city',
  'tax_number',
  'tax_number_prefix',
] as const;
export type TInvoiceFields = Record<(typeof INVOICE_FIELDS)[number], string | null>;
const invoiceShape = Object.fromEntries(INVOICE_FIELDS.map((key) => [key, nullableText()])) as Record<
  (typeof INVOICE_FIELDS)[number],
  z.ZodNullable<z.ZodString>
>;

/** The fields a VAT invoice cannot do without: every one but the flat number. */
export const REQUIRED_INVOICE_FIELDS = INVOICE_FIELDS.filter((field) => field !== 'invoice_locale_number');

/**
 * Whether the member's invoice data is complete enough for a VAT invoice: the one rule the cart's
 * invoice switch and the order's check both read (SPEC.md §9). Data saved before issue 30's rules
 * that KSeF would refuse (a foreign VAT number with separators, a NIP of the wrong pattern) counts as
 * incomplete, so the member corrects it before an invoice is asked for.
 */
export function isInvoiceDataComplete(
  fields: Partial<Record<(typeof INVOICE_FIELDS)[number], string | null>> | null | undefined,
): boolean {
  if (!REQUIRED_INVOICE_FIELDS.every((field) => Boolean(fields?.[field]?.trim()))) return false;
  // Stored as the form stores it: valid, and already in its normal form (bare numbers, 00-000).
  const parsed = ZInvoiceData.safeParse(fields);
  return (
    parsed.success &&
    parsed.data.tax_number === fields?.tax_number &&
    parsed.data.invoice_post_code === fields?.invoice_post_code
  );
}

/** The club card of SPEC.md §3; nested under `customer` for customers, flat on the dealer. */
const clubCardShape = {
  ...addressShape,
  card_number: nullableText(),
  name: z.string(),
  surname: z.string(),
  created_at: z.string(),
  valid_to: nullableText(),
};
export type TClubCard = TAddress & {
  card_number: string | null;
  name: string;
  surname: string;
  created_at: string;
  valid_to: string | null;
};

const userBaseShape = {
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: nullableText(),
  phone_prefix: nullableText(),
  honorific: z.enum(HONORIFICS).nullable(),
  language_id: z.number().int().nullable(),
};

/** customers/item: the member, with the club card, consents, invoice data and interests under `customer`. */
export const ZCustomerUser = z.strictObject({
  ...userBaseShape,
  type: z.literal(USER_TYPE.CUSTOMER),
  customer: z.strictObject({
    ...clubCardShape,
    ...consentsShape,
    ...consentTimesShape,
    ...invoiceShape,
    interests: z.array(z.number().int()),
  }),
});
export type TCustomerUser = z.output<typeof ZCustomerUser>;

/** dealers/item: the same fields flat on the user (SPEC.md §3). */
export const ZDealerUser = z.strictObject({
  ...userBaseShape,
  ...clubCardShape,
  ...consentsShape,
  ...invoiceShape,
  type: z.literal(USER_TYPE.DEALER),
  interests: z.array(z.number().int()),
  contract_number: nullableText(),
  model: nullableText(),
  order_number: nullableText(),
  province_id: z.number().int().nullable(),
  qr_code: nullableText(),
  status: nullableText(),
  vehicle_issue: nullableText(),
  vin_number: nullableText(),
});
export type TDealerUser = z.output<typeof ZDealerUser>;

export type TAccountUser = TCustomerUser | TDealerUser;
