/**
 * A dealer's bonus programme form as the screen sends it (a valid PESEL): the API tests' world and
 * the browser tests (e2e/privacy.spec.ts) join with it. No imports, so Playwright can load it.
 */
export const bonusBody = {
  name: 'Piotr',
  surname: 'Nowak',
  email: 'piotr.nowak@example.com',
  phone: '+48 602 345 678',
  address: 'Puławska 314',
  post_code: '02-819',
  city: 'Warszawa',
  pesel: '44051401359',
  tax_number: '',
  taxation_form: 'PIT-11',
  tax_office: 'Urząd Skarbowy Warszawa-Mokotów',
  correspondence_address: '',
  term_1: true,
  term_2: true,
  term_3: true,
  term_4: true,
};
