import type { LanguageCode } from './constants';

/**
 * The one wording of each stored consent flag (issue 14): the dealer's agreements link where a
 * customer gives them, the member's profile and the dealer's customer screens all show these texts,
 * so a flag never means one thing on one screen and another elsewhere. The wording is the one the
 * customer agrees to on the agreements page.
 */
export type ConsentFlag =
  | 'term_1'
  | 'term_2'
  | 'term_2a'
  | 'term_3'
  | 'term_4_email'
  | 'term_4_post'
  | 'term_4_phone'
  | 'term_4_car'
  | 'term_4_group';

type ConsentTexts = Record<ConsentFlag | 'marketing', string>;

const pl: ConsentTexts = {
  term_1: 'Akceptuję Regulamin Excellence Club.',
  term_2: 'Wyrażam zgodę na przetwarzanie moich danych osobowych w celu uczestnictwa w Klubie.',
  term_2a: 'Wyrażam zgodę na dopasowanie propozycji wydarzeń do moich zainteresowań.',
  term_3: 'Potwierdzam, że zapoznałem(-am) się z informacją o przetwarzaniu danych osobowych.',
  marketing: 'Chcę otrzymywać informacje o ofertach i wydarzeniach:',
  term_4_email: 'pocztą elektroniczną (e-mail)',
  term_4_post: 'pocztą tradycyjną',
  term_4_phone: 'telefonicznie',
  term_4_car: 'w samochodzie (komunikaty pokładowe)',
  term_4_group: 'oferty spółek z grupy',
};

const en: ConsentTexts = {
  term_1: 'I accept the Excellence Club rules.',
  term_2: 'I consent to the processing of my personal data for my membership of the Club.',
  term_2a: 'I agree that event proposals are matched to my interests.',
  term_3: 'I confirm that I have read the information on personal data processing.',
  marketing: 'I would like to hear about offers and events:',
  term_4_email: 'by e-mail',
  term_4_post: 'by post',
  term_4_phone: 'by phone',
  term_4_car: 'in my car (on-board messages)',
  term_4_group: 'offers of the group companies',
};

export const consentTexts: Record<LanguageCode, ConsentTexts> = { pl, en };

/** The words of a consent flag (or the marketing channels' lead) in a language. */
export function consentText(lang: LanguageCode, flag: ConsentFlag | 'marketing'): string {
  return consentTexts[lang][flag];
}

/**
 * The version of each flag's wording above (issue 31): the consent history keeps, with every change,
 * the version the member saw at that moment. Change a text above, bump its version here (a date of
 * the new wording is a good version); never reuse one.
 */
export const CONSENT_WORDING_VERSIONS: Record<ConsentFlag, string> = {
  term_1: '2026-01',
  term_2: '2026-01',
  term_2a: '2026-01',
  term_3: '2026-01',
  term_4_email: '2026-01',
  term_4_post: '2026-01',
  term_4_phone: '2026-01',
  term_4_car: '2026-01',
  term_4_group: '2026-01',
};

/**
 * Who changed a consent (docs/privacy.md): the member on the account screens, the member through the
 * agreements link a dealer sent, a dealer on the member's behalf, staff in the console, or the system
 * (the history's start in migration 0022, the demo seed, SQL by hand).
 */
export const CONSENT_ACTORS = ['member', 'agreements_link', 'dealer', 'staff', 'system'] as const;
export type ConsentActor = (typeof CONSENT_ACTORS)[number];

/** Where the change was made: the screen, or the backfill of the consents held before the history began. */
export const CONSENT_SOURCES = [
  'account_profile',
  'agreements_page',
  'dealer_customer_form',
  'console',
  'backfill',
  'database',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
