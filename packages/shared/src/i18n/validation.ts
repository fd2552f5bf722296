import type { LanguageCode } from '../constants';

/**
 * Validation messages of SPEC.md §5, shared by the forms and the server.
 * Plural keys follow Intl.PluralRules categories (Polish: one, few, many; English: one, other).
 */
const pl = {
  required: 'To pole jest wymagane.',
  digits: 'Dozwolone są tylko cyfry (0–9).',
  exactDigits_one: 'Wymagana jest dokładnie {{amount}} cyfra.',
  exactDigits_few: 'Wymagane są dokładnie {{amount}} cyfry.',
  exactDigits_many: 'Wymaganych jest dokładnie {{amount}} cyfr.',
  exactDigits_other: 'Wymagana liczba cyfr: {{amount}}.',
  email: 'Podaj prawidłowy adres e-mail, np. jan.kowalski@example.com.',
  pesel: 'Nieprawidłowy numer PESEL: 11 cyfr z poprawną cyfrą kontrolną.',
  nip: 'Nieprawidłowy numer NIP: 10 cyfr z poprawną cyfrą kontrolną, np. 526-025-02-74.',
  exactLength_one: 'Pole musi mieć dokładnie {{amount}} znak.',
  exactLength_few: 'Pole musi mieć dokładnie {{amount}} znaki.',
  exactLength_many: 'Pole musi mieć dokładnie {{amount}} znaków.',
  exactLength_other: 'Pole musi mieć dokładnie {{amount}} znaku.',
  minLength_one: 'Pole musi mieć co najmniej {{amount}} znak.',
  minLength_few: 'Pole musi mieć co najmniej {{amount}} znaki.',
  minLength_many: 'Pole musi mieć co najmniej {{amount}} znaków.',
  minLength_other: 'Pole musi mieć co najmniej {{amount}} znaku.',
  maxLength_one: 'Pole może mieć najwyżej {{amount}} znak.',
  maxLength_few: 'Pole może mieć najwyżej {{amount}} znaki.',
  maxLength_many: 'Pole może mieć najwyżej {{amount}} znaków.',
  maxLength_other: 'Pole może mieć najwyżej {{amount}} znaku.',
  min: 'Najmniejsza dozwolona wartość to {{amount}}.',
  max: 'Największa dozwolona wartość to {{amount}}.',
  integer: 'Wartość musi być liczbą całkowitą.',
  passwordsMatch: 'Hasła muszą być takie same.',
  wrongValue: 'Nieprawidłowa wartość',
  interestsMin_one: 'Wybierz co najmniej {{amount}} zainteresowanie.',
  interestsMin_few: 'Wybierz co najmniej {{amount}} zainteresowania.',
  interestsMin_many: 'Wybierz co najmniej {{amount}} zainteresowań.',
  interestsMin_other: 'Wybierz co najmniej {{amount}} zainteresowania.',
  passwordPolicy: 'Hasło musi mieć co najmniej 8 znaków, wielką i małą literę, cyfrę oraz znak specjalny.',
  phone: 'Numer telefonu nie pasuje do wybranego kraju: sprawdź kraj i liczbę cyfr.',
  phonePrefix: 'Prefiks to znak + i od 2 do 3 cyfr.',
  vin: 'VIN ma 17 znaków: cyfry i wielkie litery bez I, O i Q.',
  date: 'Podaj prawidłową datę w formacie dd/mm/rrrr.',
  dateMin: 'Najwcześniejsza dozwolona data to {{date}}.',
  dateMax: 'Najpóźniejsza dozwolona data to {{date}}.',
  termRequired: 'Ta zgoda jest wymagana.',
  peselOrNip: 'Podaj PESEL lub NIP.',
  tooLong: 'Wartość jest za długa.',
  postCode: 'Kod pocztowy ma format 00-000.',
  contactPhone: 'Podaj numer telefonu: od 9 do 15 cyfr, np. +48 512 345 678.',
  wholeNumber: 'Podaj liczbę całkowitą, np. 2.',
  invalidCode: 'Wpisz 6 cyfr z aplikacji uwierzytelniającej albo kod odzyskiwania (xxxxx-xxxxx).',
};

type Catalogue = Record<keyof typeof pl, string>;

const en: Catalogue = {
  required: 'This field is required.',
  digits: 'Only digits (0–9) are allowed.',
  exactDigits_one: 'Exactly {{amount}} digit is required.',
  exactDigits_few: 'Exactly {{amount}} digits are required.',
  exactDigits_many: 'Exactly {{amount}} digits are required.',
  exactDigits_other: 'Exactly {{amount}} digits are required.',
  email: 'Enter a valid e-mail address, e.g. name@example.com.',
  pesel: 'Invalid PESEL number: 11 digits with a valid check digit.',
  nip: 'Invalid tax number (NIP): 10 digits with a valid check digit, e.g. 526-025-02-74.',
  exactLength_one: 'Must be exactly {{amount}} character long.',
  exactLength_few: 'Must be exactly {{amount}} characters long.',
  exactLength_many: 'Must be exactly {{amount}} characters long.',
  exactLength_other: 'Must be exactly {{amount}} characters long.',
  minLength_one: 'Must be at least {{amount}} character long.',
  minLength_few: 'Must be at least {{amount}} characters long.',
  minLength_many: 'Must be at least {{amount}} characters long.',
  minLength_other: 'Must be at least {{amount}} characters long.',
  maxLength_one: 'Must be at most {{amount}} character long.',
  maxLength_few: 'Must be at most {{amount}} characters long.',
  maxLength_many: 'Must be at most {{amount}} characters long.',
  maxLength_other: 'Must be at most {{amount}} characters long.',
  min: 'The smallest allowed value is {{amount}}.',
  max: 'The largest allowed value is {{amount}}.',
  integer: 'The value must be a whole number.',
  passwordsMatch: 'Passwords must match.',
  wrongValue: 'Incorrect value',
  interestsMin_one: 'Select at least {{amount}} interest.',
  interestsMin_few: 'Select at least {{amount}} interests.',
  interestsMin_many: 'Select at least {{amount}} interests.',
  interestsMin_other: 'Select at least {{amount}} interests.',
  passwordPolicy:
    'The password needs at least 8 characters, upper and lower case letters, a digit and a special character.',
  phone: 'The phone number does not match the selected country: check the country and the number of digits.',
  phonePrefix: 'A prefix is a + followed by 2 or 3 digits.',
  vin: 'A VIN has 17 characters: digits and capital letters except I, O and Q.',
  date: 'Enter a valid date as dd/mm/yyyy.',
  dateMin: 'The earliest allowed date is {{date}}.',
  dateMax: 'The latest allowed date is {{date}}.',
  termRequired: 'This consent is required.',
  peselOrNip: 'Enter a PESEL or a tax number (NIP).',
  tooLong: 'The value is too long.',
  postCode: 'The postal code format is 00-000.',
  contactPhone: 'Enter a phone number of 9 to 15 digits, e.g. +48 512 345 678.',
  wholeNumber: 'Enter a whole number, e.g. 2.',
  invalidCode: 'Enter the 6 digits from your authenticator app or a recovery code (xxxxx-xxxxx).',
};

export const validationMessages: Record<LanguageCode, Catalogue> = { pl, en };
export type ValidationKey = keyof typeof pl extends infer K
  ? K extends `${infer Base}_${'one' | 'few' | 'many' | 'other'}`
    ? Base
    : K
  : never;
