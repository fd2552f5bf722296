import { z } from 'zod';
import { NIP_DIGITS, PESEL_DIGITS, TAXATION_FORMS } from '../constants';
import { normaliseNip } from '../validators/nip';
import { isKsefNip } from './invoice-data';
import { isValidPesel } from '../validators/pesel';
import { afterEarlier, email, optionalText, personName, requiredText, whenValid } from './common';

const accepted = () =>
  z
    .unknown()
    .refine((v) => v === true || v === 1, { error: 'validation.termRequired' })
    .transform(() => true as const);

/** Empty text reads as "not given". */
const blankToNull = (v: unknown) =>
  v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;

/** PESEL: only digits, exactly 11, checksum and birth date (SPEC.md §5). */
export const pesel = () =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^\d*$/, { error: 'validation.digits' })
      .length(PESEL_DIGITS, { error: `validation.exactDigits|${PESEL_DIGITS}`, ...afterEarlier })
      .refine(isValidPesel, { error: 'validation.pesel', ...afterEarlier })
      .nullable(),
  );

/** NIP: spaces and dashes ignored, 10 digits, checksum (SPEC.md §5) and KSeF's pattern; stored as bare digits. */
export const taxNumber = () =>
  z.preprocess(
    (v) => {
      const blank = blankToNull(v);
      return typeof blank === 'string' ? normaliseNip(blank) : blank;
    },
    z
      .string()
      .regex(/^\d*$/, { error: 'validation.digits' })
      .length(NIP_DIGITS, { error: `validation.exactDigits|${NIP_DIGITS}`, ...afterEarlier })
      .refine(isKsefNip, { error: 'validation.nip', ...afterEarlier })
      .nullable(),
  );

/** Polish postal code 00-000. */
export const polishPostCode = () =>
  requiredText(6).pipe(z.string().regex(/^\d{2}-\d{3}$/, { error: 'validation.postCode' }));

/** A phone number as people write it: optional +, digits, spaces and dashes, 9 to 15 digits. */
export const contactPhone = () =>
  requiredText(25).pipe(
    z
      .string()
      .regex(/^\+?[\d\s-]+$/, { error: 'validation.contactPhone' })
      .refine(
        (v) => {
          const digits = v.replace(/\D/g, '').length;
          return digits >= 9 && digits <= 15;
        },
        { error: 'validation.contactPhone', ...afterEarlier },
      ),
  );

/**
 * The dealer's bonus programme sign-up (SPEC.md §5): PESEL or NIP (at least one), tax office
 * required unless JDG (with JDG it is cleared), four terms ticked.
 */
export const ZBonusSignup = z
  .object({
    name: personName(),
    surname: personName(),
    email: email(),
    phone: contactPhone(),
    address: requiredText(200),
    post_code: polishPostCode(),
    city: requiredText(80),
    pesel: pesel(),
    tax_number: taxNumber(),
    taxation_form: z.enum(TAXATION_FORMS, { error: 'validation.required' }),
    tax_office: optionalText(200),
    correspondence_address: optionalText(300),
    term_1: accepted(),
    term_2: accepted(),
    term_3: accepted(),
    term_4: accepted(),
  })
  .superRefine(
    (v, ctx) => {
      if (!v.pesel && !v.tax_number) {
        ctx.addIssue({ code: 'custom', path: ['pesel'], message: 'validation.peselOrNip' });
        ctx.addIssue({ code: 'custom', path: ['tax_number'], message: 'validation.peselOrNip' });
      }
    },
    whenValid('pesel', 'tax_number'),
  )
  .superRefine(
    (v, ctx) => {
      if (v.taxation_form !== 'JDG' && !v.tax_office) {
        ctx.addIssue({ code: 'custom', path: ['tax_office'], message: 'validation.required' });
      }
    },
    whenValid('taxation_form', 'tax_office'),
  )
  .transform((v) => (v.taxation_form === 'JDG' ? { ...v, tax_office: null } : v));
export type TBonusSignupInput = z.input<typeof ZBonusSignup>;
export type TBonusSignup = z.output<typeof ZBonusSignup>;

export const ZTaxOffice = z.strictObject({ id: z.number().int(), name: z.string(), city: z.string() });
export type TTaxOffice = z.output<typeof ZTaxOffice>;

/** The tax-office picker's search: name or city, case-insensitive (SPEC.md §5). */
export function filterTaxOffices<T extends { name: string; city: string }>(offices: T[], query: string): T[] {
  const q = query.trim().toLocaleLowerCase('pl');
  if (!q) return offices;
  return offices.filter(
    (o) => o.name.toLocaleLowerCase('pl').includes(q) || o.city.toLocaleLowerCase('pl').includes(q),
  );
}
