import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../src/app';
import { validProductBody } from '../../src/modules/catalog/admin-test-fixtures';
import type { Client } from '../helpers';
import { skipIfNoDatabase } from '../helpers';
import {
  ACTORS,
  type Actor,
  API,
  bonusBody,
  createWorld,
  existingCustomerBody,
  invoiceBody,
  newCustomerBody,
  profileBody,
  uniqueEmail,
  type World,
} from './world';

/**
 * The authorisation matrix: every registered route × {anonymous, a customer, another customer, a
 * dealer, another dealer}, each with the status DESIGN.md §4-5 and SPEC.md §6 imply. The routes come
 * from the server's own table (app.routeTable): a route without an entry here fails the suite, so a
 * new route must be classified before it ships.
 *
 * Dealers have passed auth/check-password (the gate itself is tested below). The owners of the cart
 * lines, the order and the dealer's customer are `customer` and `dealer`; the others must get 404
 * (not 403: the answer does not even confirm that the id exists).
 */
type Statuses = Record<Actor, number>;
type Case = {
  url?: string;
  body?: unknown;
  /** Each call on a new session (it would end the shared one) or a brand-new account (it removes it). */
  fresh?: 'session' | 'user';
  expect: Statuses;
  why?: string;
};

const ATTENDEE_MAIL = {
  product_id: 2147483647,
  audience: 'ALL',
  subject_pl: 'Plan dnia',
  subject_en: 'The plan',
  body_pl: 'Zbiórka o 9:30.',
  body_en: 'We meet at 9:30.',
};

const all = (s: number): Statuses => ({
  anonymous: s,
  customer: s,
  otherCustomer: s,
  dealer: s,
  otherDealer: s,
  operator: s,
  admin: s,
});
/** Any signed-in account, staff included (access 'account': the session, the language, the password). */
const anyAccount = (s: number): Statuses => ({ ...all(s), anonymous: 401 });
/** Any signed-in member or dealer (access 'user'); staff are refused members' routes. */
const signedIn = (s: number): Statuses => ({ ...all(s), anonymous: 401, operator: 403, admin: 403 });
/** Customers only; `other` is what another customer gets for the first customer's thing. */
const customers = (s: number, other = s): Statuses => ({
  anonymous: 401,
  customer: s,
  otherCustomer: other,
  dealer: 403,
  otherDealer: 403,
  operator: 403,
  admin: 403,
});
const dealers = (s: number, other = s): Statuses => ({
  anonymous: 401,
  customer: 403,
  otherCustomer: 403,
  dealer: s,
  otherDealer: other,
  operator: 403,
  admin: 403,
});
/** The console (access 'staff'): operators and administrators; members and dealers are refused. */
export const staff = (s: number): Statuses => ({
  anonymous: 401,
  customer: 403,
  otherCustomer: 403,
  dealer: 403,
  otherDealer: 403,
  operator: s,
  admin: s,
});
/** Administrators only (access 'admin'): staff accounts and the audit log. */
export const admins = (s: number): Statuses => ({ ...staff(403), admin: s });

const EXPECTATIONS: Record<string, (w: World) => Case> = {
  // Catalogue, gallery and content: every member, nobody else (SPEC.md §2: all routes need a user).
  'GET /panel/api/v1/products/items': () => ({ url: '?page=1&where[for_user]=true', expect: signedIn(200) }),
  'GET /panel/api/v1/products/item/:id': (w) => ({ url: String(w.ids.product), expect: signedIn(200) }),
  'POST /panel/api/v1/products/add-notification/:id': (w) => ({
    url: String(w.ids.announcedProduct),
    expect: customers(200),
  }),
  'GET /panel/api/v1/settings/categories/items': () => ({ expect: signedIn(200) }),
  'GET /panel/api/v1/settings/partners/items': () => ({ expect: signedIn(200) }),
  'GET /panel/api/v1/galleries/items': () => ({ expect: signedIn(200) }),
  'GET /panel/api/v1/galleries/dates': () => ({ expect: signedIn(200) }),
  'GET /panel/api/v1/galleries/item/:id': (w) => ({ url: String(w.ids.gallery), expect: signedIn(200) }),
  'GET /panel/api/v1/pages/page': () => ({ url: '?type=ABOUT', expect: signedIn(200) }),
  'GET /panel/api/v1/pages/contact': () => ({ expect: signedIn(200) }),
  'GET /panel/api/v1/faq/categories/items': () => ({ expect: signedIn(200) }),

  // Sign-in and the session.
  // Staff's second factor: public steps keyed by the single-use challenge of the password step.
  'POST /panel/api/v1/auth/second-factor': () => ({
    body: { challenge: 'x'.repeat(40), code: '123456' },
    expect: all(404),
    why: 'public; a challenge that was never issued',
  }),
  'POST /panel/api/v1/auth/second-factor/enrolment': () => ({
    body: { challenge: 'x'.repeat(40) },
    expect: all(404),
  }),
  'POST /panel/api/v1/auth/second-factor/enrol': () => ({
    body: { challenge: 'x'.repeat(40), code: '123456' },
    expect: all(404),
  }),
  'POST /panel/api/v1/auth/login': () => ({
    body: { email: uniqueEmail('nobody'), password: 'Wrong#Password1' },
    expect: all(401),
    why: 'public; wrong credentials are 401 for everyone, signed in or not',
  }),
  'GET /panel/api/v1/auth/me': () => ({ expect: anyAccount(200) }),
  'POST /panel/api/v1/auth/refresh-token': () => ({ expect: anyAccount(200) }),
  'POST /panel/api/v1/auth/logout': () => ({
    fresh: 'session',
    expect: all(200),
    why: 'public: ends a session if any',
  }),
  'POST /panel/api/v1/auth/change-password': () => ({
    fresh: 'user',
    body: {
      current_password: 'Excellence#2026',
      password: 'New#Passw0rd',
      password_confirmation: 'New#Passw0rd',
    },
    expect: anyAccount(200),
  }),
  'POST /panel/api/v1/auth/check-password': () => ({
    body: { password: 'Excellence#2026' },
    expect: signedIn(200),
  }),
  'POST /panel/api/v1/auth/forgot-password': () => ({
    body: { email: uniqueEmail('forgot') },
    expect: all(200),
    why: 'public; the same answer whether the account exists',
  }),
  'POST /panel/api/v1/auth/reset-password': () => ({
    body: { token: 'x'.repeat(40), password: 'New#Passw0rd', password_confirmation: 'New#Passw0rd' },
    expect: all(404),
    why: 'public; a token that was never issued',
  }),
  'GET /panel/api/v1/settings/languages/items': () => ({
    expect: all(200),
    why: 'public: the login screen needs it',
  }),
  'GET /panel/api/v1/users/update-language': (w) => ({
    url: `?language_id=${w.ids.languagePl}`,
    expect: anyAccount(200),
  }),

  // The member's own account (SPEC.md §6: profile, invoice data, interests, removal are the customer's).
  'GET /panel/api/v1/customers/item': () => ({ expect: customers(200) }),
  'GET /panel/api/v1/dealers/item': () => ({ expect: dealers(200) }),
  'POST /panel/api/v1/customers/update': () => ({ body: profileBody, expect: customers(200) }),
  'POST /panel/api/v1/customers/update-invoice-data': () => ({ body: invoiceBody, expect: customers(200) }),
  'GET /panel/api/v1/settings/interests/items': () => ({ expect: signedIn(200) }),
  'POST /panel/api/v1/customers/update-interests': () => ({
    body: { interests: [1, 3, 5, 7, 9, 11] },
    expect: customers(200),
  }),
  'POST /panel/api/v1/customers/remove-account': () => ({ fresh: 'user', expect: customers(200) }),
  'GET /panel/api/v1/calendar/:token.ics': (w) => ({
    url: w.calendarToken,
    expect: all(200),
    why: 'public: the secret token in the address is the credential (calendar apps send no cookie)',
  }),

  // The dealer's workspace: only his own customers (DESIGN.md §6).
  'GET /panel/api/v1/dealers/customers/items': () => ({ expect: dealers(200) }),
  'POST /panel/api/v1/dealers/customers/register/new': (w) => ({
    body: newCustomerBody(w.ids.languagePl),
    expect: dealers(200),
  }),
  'POST /panel/api/v1/dealers/customers/register/existing': (w) => ({
    body: existingCustomerBody(w.ids.languagePl),
    expect: dealers(200),
  }),
  'GET /panel/api/v1/dealers/customers/item/:id': (w) => ({
    url: String(w.ids.dealerCustomer),
    expect: dealers(200, 404),
  }),
  'POST /panel/api/v1/dealers/customers/update/:id': (w) => ({
    url: String(w.ids.dealerCustomer),
    body: { customer: { order_number: 'ZAM-77', vehicle_issue: '2025-06-01' } },
    expect: dealers(200, 404),
    why: 'the owner may note the order number early; another dealer is told it does not exist',
  }),
  'GET /panel/api/v1/registration/agreements': () => ({
    url: `?token=${'x'.repeat(40)}`,
    expect: all(404),
    why: 'public: the e-mailed link is the credential',
  }),
  'POST /panel/api/v1/registration/agreements': () => ({
    body: { token: 'x'.repeat(40), term_1: true, term_2: true, term_3: true },
    expect: all(404),
  }),
  'GET /panel/api/v1/registration/activate': () => ({ url: `?token=${'x'.repeat(40)}`, expect: all(404) }),
  'POST /panel/api/v1/registration/activate': () => ({
    body: { token: 'x'.repeat(40), password: 'New#Passw0rd', password_confirmation: 'New#Passw0rd' },
    expect: all(404),
  }),
  'GET /panel/api/v1/bonus/tax-offices': () => ({ expect: dealers(200) }),
  'POST /panel/api/v1/bonus/store': () => ({ fresh: 'user', body: bonusBody, expect: dealers(200) }),

  // The cart and orders: customers only, each his own lines and orders.
  'GET /panel/api/v1/sales/cart/items': () => ({ expect: customers(200) }),
  'POST /panel/api/v1/sales/cart/add': (w) => ({
    fresh: 'user',
    body: { product_id: w.ids.product },
    expect: customers(200),
  }),
  'POST /panel/api/v1/sales/cart/update/:id': (w) => ({
    url: String(w.ids.cartItem),
    body: { quantity: 1, cart_label_answer: '', persons: [], terms: [] },
    expect: customers(200, 404),
  }),
  'POST /panel/api/v1/sales/cart/acknowledge-price/:id': (w) => ({
    url: String(w.ids.cartItem),
    expect: customers(200, 404),
  }),
  'POST /panel/api/v1/sales/cart/remove/:id': (w) => ({
    url: String(w.ids.cartItemPostRemove),
    expect: customers(200, 404),
  }),
  'DELETE /panel/api/v1/sales/cart/remove/:id': (w) => ({
    url: String(w.ids.cartItemDeleteRemove),
    expect: customers(200, 404),
  }),
  'POST /panel/api/v1/sales/cart/check-discount-code': () => ({
    body: { discount_code: 'CLUB100' },
    expect: customers(200),
  }),
  'POST /panel/api/v1/sales/cart/order': () => ({
    fresh: 'user',
    body: { discount_code: '', is_invoice: 0 },
    expect: customers(409),
    why: 'a new member has an empty cart: refused as a conflict after the role check',
  }),
  'GET /panel/api/v1/sales/orders/items': () => ({ expect: customers(200) }),
  'GET /panel/api/v1/sales/orders/item/:id': (w) => ({
    url: String(w.ids.order),
    expect: customers(200, 404),
  }),
  'POST /panel/api/v1/sales/orders/item/:id/pay': (w) => ({
    url: String(w.ids.order),
    expect: customers(200, 404),
    why: 'pay again: the owner registers the waiting order with the operator again; another member is told it does not exist',
  }),
  'POST /panel/api/v1/payments/notify/:provider': () => ({
    url: 'sandbox',
    body: { ref: 'unknown', status: 'PAID' },
    expect: all(400),
    why: 'public: server-to-server, authenticated by its signature only',
  }),
  'GET /panel/api/v1/settings/analytics': () => ({
    expect: all(200),
    why: 'public: the consent banner needs it',
  }),
  'GET /panel/api/v1/health': () => ({ expect: all(200), why: 'public: for the load balancer' }),
  'GET /panel/api/v1/openapi.json': () => ({
    expect: all(200),
    why: 'public: the API description for integrators',
  }),
  'GET /panel/api/v1/reference': () => ({ expect: all(200), why: 'public: the readable API reference' }),
  'GET /panel/api/v1/reference/:file': () => ({
    url: '/panel/api/v1/reference/reference.js',
    expect: all(200),
    why: "public: the reference page's script",
  }),

  // The console: staff accounts and the audit log (administrators only), the invitation link (public).
  'GET /panel/api/v1/staff/items': () => ({ url: '?page=1&sort=email&dir=desc', expect: admins(200) }),
  'POST /panel/api/v1/staff/invite': () => ({
    body: { email: uniqueEmail('invite'), name: 'Ewa', surname: 'Nowa', type: 'OPERATOR', language: 'pl' },
    expect: admins(200),
  }),
  'POST /panel/api/v1/staff/item/:id/role': (w) => ({
    url: String(w.ids.staffColleague),
    body: { type: 'OPERATOR' },
    expect: admins(200),
  }),
  'POST /panel/api/v1/staff/item/:id/deactivate': (w) => ({
    url: String(w.ids.staffColleague),
    expect: admins(200),
  }),
  'POST /panel/api/v1/staff/item/:id/activate': (w) => ({
    url: String(w.ids.staffColleague),
    expect: admins(200),
  }),
  'POST /panel/api/v1/staff/item/:id/reset-second-factor': (w) => ({
    url: String(w.ids.staffColleague),
    expect: admins(200),
  }),
  'POST /panel/api/v1/staff/item/:id/resend-invitation': (w) => ({
    url: String(w.ids.invitedColleague),
    expect: admins(200),
  }),
  'GET /panel/api/v1/staff/invitation': () => ({
    url: `?token=${'x'.repeat(40)}`,
    expect: all(404),
    why: 'public: the e-mailed link is the credential',
  }),
  'POST /panel/api/v1/staff/invitation/accept': () => ({
    body: { token: 'x'.repeat(40), password: 'New#Passw0rd', password_confirmation: 'New#Passw0rd' },
    expect: all(404),
  }),
  'GET /panel/api/v1/audit/items': () => ({ url: '?page=1', expect: admins(200) }),
  'GET /panel/api/v1/customers/consent-history': () => ({ expect: customers(200) }),
  // The member's export (modules/privacy/export): each member's own; links and files of nobody's.
  'GET /panel/api/v1/privacy/export': () => ({ expect: signedIn(200) }),
  'POST /panel/api/v1/privacy/export': () => ({
    expect: signedIn(202),
    why: 'each member asks for their own copy',
  }),
  'POST /panel/api/v1/privacy/export/:id/files/:format/link': () => ({
    url: '2147483647/json',
    expect: signedIn(404),
  }),
  'GET /panel/api/v1/privacy/export/download/:token': () => ({ url: 'A'.repeat(43), expect: signedIn(404) }),
  'GET /panel/api/v1/admin/members/items': () => ({ url: '?search=example', expect: staff(200) }),
  'GET /panel/api/v1/admin/members/item/:id': (w) => ({
    url: String(w.ids.dealerCustomer),
    expect: staff(200),
  }),
  'POST /panel/api/v1/admin/members/item/:id/reveal-pesel': (w) => ({
    url: String(w.ids.dealerCustomer),
    expect: admins(404),
    why: 'administrators only; a customer has no PESEL (the reveal itself: modules/privacy/pesel.test.ts)',
  }),
  'POST /panel/api/v1/admin/members/item/:id/remove': () => ({
    url: '2147483647',
    body: { request: 'RODO/2026/001' },
    expect: admins(404),
  }),
  'POST /panel/api/v1/admin/members/item/:id/export': () => ({
    url: '2147483647',
    body: { request: 'RODO/2026/001' },
    expect: staff(404),
    why: 'every staff member; an id no account has (the export itself: modules/privacy/export/staff-export.test.ts)',
  }),
  'GET /panel/api/v1/admin/privacy/retention': () => ({ expect: staff(200) }),
  'GET /panel/api/v1/audit/entity-types': () => ({ expect: admins(200) }),
  // The outbox (modules/mail/routes.ts): every staff member. The world's mail is queued, not failed,
  // so a resend is refused (409) after the role check and nothing is sent.
  'GET /panel/api/v1/admin/mail/items': () => ({ url: '?state=queued&sort=to&dir=asc', expect: staff(200) }),
  'GET /panel/api/v1/admin/mail/items/:id': (w) => ({ url: String(w.ids.mail), expect: staff(200) }),
  'POST /panel/api/v1/admin/mail/items/:id/resend': (w) => ({ url: String(w.ids.mail), expect: staff(409) }),

  // Outside the API.
  'GET /panel/media/*': (w) => ({
    url: w.mediaFile,
    expect: all(200),
    why: 'public: experience images and materials are not personal data (cached 30 days)',
  }),
  'GET /panel/payments/sandbox/:ref': () => ({
    url: 'unknown-ref',
    expect: all(404),
    why: 'the sandbox operator page, keyed by an unguessable payment ref',
  }),
  'POST /panel/payments/sandbox/:ref/:action': () => ({ url: 'unknown-ref/pay', expect: all(404) }),
  // The sales desk (modules/sales-desk): staff only. The actions target the customer's waiting order
  // with a body or a state that is refused after the role check, so the matrix pays or cancels nothing.
  'GET /panel/api/v1/admin/sales/orders': () => ({
    url: '?status=WAITING_PAYMENT&sort=total',
    expect: staff(200),
  }),
  'GET /panel/api/v1/admin/sales/options': () => ({ expect: staff(200) }),
  // The sales dashboard (modules/dashboard): read only, staff.
  'GET /panel/api/v1/admin/dashboard': () => ({ url: '?weeks=8', expect: staff(200) }),
  // The accountant's exports (modules/accounting, issue 30): read only, staff.
  'GET /panel/api/v1/admin/accounting/summary': () => ({
    url: '?from=2026-11-01&to=2026-11-30',
    expect: staff(200),
  }),
  'GET /panel/api/v1/admin/accounting/csv/:dataset': () => ({
    url: 'invoices?from=2026-11-01&to=2026-11-30',
    expect: staff(200),
  }),
  'GET /panel/api/v1/admin/accounting/xlsx': () => ({
    url: '?from=2026-11-01&to=2026-11-30',
    expect: staff(200),
  }),
  'GET /panel/api/v1/admin/accounting/invoices-zip': () => ({
    url: '?from=2026-11-01&to=2026-11-30',
    expect: staff(200),
  }),
  // The event day (modules/event-day): the member's own tickets; the gate for staff, on a list that
  // does not exist, so nobody is let in.
  'GET /panel/api/v1/tickets': (w) => ({ url: `?order_id=${w.ids.order}`, expect: customers(200) }),
  'GET /panel/api/v1/tickets/pdf': () => ({
    expect: customers(404),
    why: "the walk's members hold no valid ticket; the owner's 200 is in modules/event-day/event-mail.test.ts",
  }),
  'GET /panel/api/v1/tickets/orders/:id/pdf': (w) => ({
    url: String(w.ids.order),
    expect: customers(404),
    why: "the walk's order is unpaid (no ticket); the owner's 200 and another member's 404 are in modules/event-day/event-mail.test.ts",
  }),
  'GET /panel/api/v1/admin/check-in/experiences': () => ({ expect: staff(200) }),
  // Mail to the people who come: an experience that does not exist, so nobody is mailed.
  'POST /panel/api/v1/admin/event-mail/preview': () => ({ body: ATTENDEE_MAIL, expect: staff(404) }),
  'POST /panel/api/v1/admin/event-mail/send': () => ({
    body: { ...ATTENDEE_MAIL, key: '6f1c1b3e-2f44-4a55-9d8e-0b7a2c3d4e5f' },
    expect: staff(404),
  }),
  'GET /panel/api/v1/admin/event-mail/experiences/:id/mails': () => ({
    url: '2147483647',
    expect: staff(200),
  }),
  'GET /panel/api/v1/admin/event-mail/mails/:id': () => ({ url: '2147483647', expect: staff(404) }),
  'GET /panel/api/v1/admin/check-in/lists/:id': () => ({ url: '2147483647', expect: staff(404) }),
  'GET /panel/api/v1/admin/check-in/lists/:id/search': () => ({
    url: `${API}/admin/check-in/lists/2147483647/search?q=Kowalski`,
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/check-in/lists/:id/scan': () => ({
    url: '2147483647',
    body: { code: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/check-in/lists/:id/check-in': () => ({
    url: '2147483647',
    body: { ticket_id: 1 },
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/check-in/lists/:id/override': () => ({
    url: '2147483647',
    body: { ticket_id: 1, reason: 'Lista gości' },
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/check-in/lists/:id/check-out': () => ({
    url: '2147483647',
    body: { ticket_id: 1 },
    expect: staff(404),
  }),
  // The door list and the lists staff make (event-day/list-routes.ts): no such list or experience.
  'GET /panel/api/v1/admin/check-in/lists/:id/door-list': () => ({ url: '2147483647', expect: staff(404) }),
  'POST /panel/api/v1/admin/check-in/experiences/:id/lists': () => ({
    url: '2147483647',
    body: { name: 'Padok' },
    expect: staff(404),
  }),
  'PATCH /panel/api/v1/admin/check-in/lists/:id': () => ({
    url: '2147483647',
    body: { name: 'Padok' },
    expect: staff(404),
  }),
  'DELETE /panel/api/v1/admin/check-in/lists/:id': () => ({ url: '2147483647', expect: staff(404) }),
  // The offline gate (event-day/offline.ts), on a list that does not exist.
  'GET /panel/api/v1/admin/check-in/lists/:id/offline': () => ({
    url: `${API}/admin/check-in/lists/2147483647/offline`,
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/check-in/lists/:id/sync': () => ({
    url: `${API}/admin/check-in/lists/2147483647/sync`,
    body: { device: 'matrix-device', scans: [] },
    expect: staff(404),
  }),
  'GET /panel/api/v1/admin/check-in/lists/:id/conflicts': () => ({
    url: `${API}/admin/check-in/lists/2147483647/conflicts`,
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/check-in/lists/:id/conflicts/:conflict/review': () => ({
    url: `${API}/admin/check-in/lists/2147483647/conflicts/1/review`,
    body: { device: 'matrix-device' },
    expect: staff(404),
  }),
  'GET /panel/api/v1/admin/sales/orders/:id': (w) => ({ url: String(w.ids.order), expect: staff(200) }),
  'POST /panel/api/v1/admin/sales/orders/:id/mark-paid': (w) => ({
    url: String(w.ids.order),
    body: { reference: '' },
    expect: staff(422),
  }),
  'POST /panel/api/v1/admin/sales/orders/:id/cancel': () => ({
    url: '2147483647',
    body: {},
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/sales/orders/:id/refund': (w) => ({
    url: String(w.ids.order),
    body: { amount: 1 },
    expect: staff(409),
    why: 'the order waits for payment: nothing to refund',
  }),
  'GET /panel/api/v1/admin/sales/seats': () => ({ url: '?from=2020-01-01', expect: staff(200) }),
  'GET /panel/api/v1/admin/sales/seats/:id': (w) => ({ url: String(w.ids.product), expect: staff(200) }),
  'GET /panel/api/v1/admin/sales/seats/:id/attendees.csv': (w) => ({
    url: String(w.ids.product),
    expect: staff(200),
  }),
  // The seat board's waiting list (issue 28): the actions name an offer and a member not in line.
  'GET /panel/api/v1/admin/sales/seats/:id/waiting-list': (w) => ({
    url: String(w.ids.product),
    expect: staff(200),
  }),
  'POST /panel/api/v1/admin/sales/seats/:id/offers/:offerId/pass-on': (w) => ({
    url: `${w.ids.product}/2147483647`,
    expect: staff(409),
    why: 'no such open offer: nothing to pass on',
  }),
  'DELETE /panel/api/v1/admin/sales/seats/:id/waiting-list/:userId': (w) => ({
    url: `${w.ids.product}/2147483647`,
    expect: staff(404),
    why: 'the member is not in line',
  }),
  // Discount codes at the desk (modules/discounts): staff only. The writes carry a body refused after
  // the role check or name a code that does not exist, so the matrix creates and changes no code.
  'GET /panel/api/v1/admin/sales/discounts': () => ({
    url: '?active=true&sort=code&q=club',
    expect: staff(200),
  }),
  'GET /panel/api/v1/admin/sales/discounts/:id': () => ({ url: '2147483647', expect: staff(404) }),
  'POST /panel/api/v1/admin/sales/discounts': () => ({
    body: { code: 'MATRIX', kind: 'PERCENT', percent: 0, per_member_limit: 1 },
    expect: staff(422),
  }),
  'PUT /panel/api/v1/admin/sales/discounts/:id': () => ({
    url: '2147483647',
    body: { code: 'MATRIX', kind: 'AMOUNT', amount: 10, per_member_limit: 1 },
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/sales/discounts/:id/deactivate': () => ({
    url: '2147483647',
    expect: staff(404),
  }),
  'GET /panel/api/v1/admin/sales/discounts/:id/redemptions': () => ({
    url: '2147483647',
    expect: staff(404),
  }),
  // The console's experiences (modules/catalog/admin-routes.ts): staff only. Writes on a version that
  // is never current (409 STALE after the role check), so the matrix changes no demo experience.
  'GET /panel/api/v1/admin/catalog/products': () => ({ url: '?q=tor&sort=name&dir=asc', expect: staff(200) }),
  'GET /panel/api/v1/admin/catalog/options': () => ({ expect: staff(200) }),
  'GET /panel/api/v1/admin/catalog/products/:id': (w) => ({ url: String(w.ids.product), expect: staff(200) }),
  'POST /panel/api/v1/admin/catalog/products': () => ({
    body: validProductBody({ alias: null }),
    expect: staff(201),
    why: 'a new hidden draft each time',
  }),
  'PUT /panel/api/v1/admin/catalog/products/:id': (w) => ({
    url: String(w.ids.product),
    body: { version: 999_999, product: validProductBody() },
    expect: staff(409),
  }),
  'GET /panel/api/v1/admin/catalog/products/:id/carts': (w) => ({
    url: String(w.ids.product),
    expect: staff(200),
  }),
  'POST /panel/api/v1/admin/catalog/products/:id/duplicate': (w) => ({
    url: String(w.ids.product),
    expect: staff(201),
    why: 'a hidden copy each time',
  }),
  'POST /panel/api/v1/admin/catalog/products/:id/publish': (w) => ({
    url: String(w.ids.product),
    body: { version: 999_999, mode: 'on_sale' },
    expect: staff(409),
  }),
  'POST /panel/api/v1/admin/catalog/products/:id/unpublish': (w) => ({
    url: String(w.ids.product),
    body: { version: 999_999 },
    expect: staff(409),
  }),
  'POST /panel/api/v1/admin/catalog/products/:id/archive': (w) => ({
    url: String(w.ids.product),
    body: { version: 999_999 },
    expect: staff(409),
  }),
  'POST /panel/api/v1/admin/catalog/products/:id/photos': (w) => ({
    url: String(w.ids.product),
    expect: staff(415),
    why: 'a JSON body is not an upload: refused after the role check',
  }),
  'PUT /panel/api/v1/admin/catalog/products/:id/photos': (w) => ({
    url: String(w.ids.product),
    body: { ids: [999_999] },
    expect: staff(409),
    why: 'an order naming photos the experience does not have was made from an outdated list',
  }),
  'PUT /panel/api/v1/admin/catalog/products/:id/photos/:photoId': (w) => ({
    url: `${w.ids.product}/999999`,
    body: { caption_pl: 'a', caption_en: 'b' },
    expect: staff(404),
  }),
  'DELETE /panel/api/v1/admin/catalog/products/:id/photos/:photoId': (w) => ({
    url: `${w.ids.product}/999999`,
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/catalog/products/:id/photos/:photoId/cover': (w) => ({
    url: `${w.ids.product}/999999`,
    expect: staff(404),
  }),
  // The console's content and galleries (modules/content, modules/gallery admin-routes.ts): staff only.
  // Writes name a missing row, an outdated version or order, or invalid input, so no member sees a change.
  'GET /panel/api/v1/admin/content/about': () => ({ expect: staff(200) }),
  'PUT /panel/api/v1/admin/content/about': () => ({
    body: { version: 999_999, page: { title_pl: 'a', title_en: 'a' } },
    expect: staff(409),
  }),
  'GET /panel/api/v1/admin/content/contact': () => ({ expect: staff(200) }),
  'PUT /panel/api/v1/admin/content/contact': () => ({
    body: {
      version: 999_999,
      contact: {
        title_pl: 'a',
        title_en: 'a',
        email: 'desk@club.example',
        phone: '+48 22 100 20 30',
        days_pl: 'a',
        days_en: 'a',
      },
    },
    expect: staff(409),
  }),
  'GET /panel/api/v1/admin/content/faq': () => ({ expect: staff(200) }),
  'POST /panel/api/v1/admin/content/faq/categories': () => ({
    body: { name_pl: 'Nowa', name_en: 'New' },
    expect: staff(201),
    why: 'an empty category each time: members never see a category without questions',
  }),
  'PUT /panel/api/v1/admin/content/faq/categories/order': () => ({
    body: { ids: [999_999] },
    expect: staff(409),
  }),
  'PUT /panel/api/v1/admin/content/faq/categories/:id': () => ({
    url: '999999',
    body: { version: 1, category: { name_pl: 'a', name_en: 'a' } },
    expect: staff(404),
  }),
  'DELETE /panel/api/v1/admin/content/faq/categories/:id': () => ({ url: '999999', expect: staff(404) }),
  'PUT /panel/api/v1/admin/content/faq/categories/:id/order': () => ({
    url: '999999',
    body: { ids: [1] },
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/content/faq/questions': () => ({
    body: {
      category_id: 999_999,
      question_pl: 'a',
      question_en: 'a',
      answer_pl: '<p>a</p>',
      answer_en: '<p>a</p>',
    },
    expect: staff(422),
  }),
  'PUT /panel/api/v1/admin/content/faq/questions/:id': () => ({
    url: '999999',
    body: {
      version: 1,
      question: {
        category_id: 1,
        question_pl: 'a',
        question_en: 'a',
        answer_pl: '<p>a</p>',
        answer_en: '<p>a</p>',
      },
    },
    expect: staff(404),
  }),
  'DELETE /panel/api/v1/admin/content/faq/questions/:id': () => ({ url: '999999', expect: staff(404) }),
  'GET /panel/api/v1/admin/content/partners': () => ({ expect: staff(200) }),
  'POST /panel/api/v1/admin/content/partners': () => ({ body: { name: '' }, expect: staff(422) }),
  'PUT /panel/api/v1/admin/content/partners/order': () => ({ body: { ids: [999_999] }, expect: staff(409) }),
  'PUT /panel/api/v1/admin/content/partners/:id': () => ({
    url: '999999',
    body: { version: 1, partner: { name: 'a' } },
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/content/partners/:id/logo': () => ({ url: '999999', expect: staff(404) }),
  'DELETE /panel/api/v1/admin/content/partners/:id': () => ({ url: '999999', expect: staff(404) }),
  'GET /panel/api/v1/admin/galleries': () => ({ url: '?year=2025&sort=name', expect: staff(200) }),
  'GET /panel/api/v1/admin/galleries/options': () => ({ expect: staff(200) }),
  'GET /panel/api/v1/admin/galleries/:id': () => ({ url: '1', expect: staff(200) }),
  'POST /panel/api/v1/admin/galleries': () => ({ body: { name_pl: '' }, expect: staff(422) }),
  'PUT /panel/api/v1/admin/galleries/:id': () => ({
    url: '1',
    body: {
      version: 999_999,
      gallery: { name_pl: 'a', name_en: 'a', date: '2026-01-01', product_id: null, category_id: null },
    },
    expect: staff(409),
  }),
  'DELETE /panel/api/v1/admin/galleries/:id': () => ({ url: '999999', expect: staff(404) }),
  'POST /panel/api/v1/admin/galleries/:id/photos': () => ({
    url: '1',
    expect: staff(415),
    why: 'a JSON body is not an upload: refused after the role check',
  }),
  'PUT /panel/api/v1/admin/galleries/:id/photos': () => ({
    url: '1',
    body: { ids: [999_999] },
    expect: staff(409),
  }),
  'PUT /panel/api/v1/admin/galleries/:id/photos/:photoId': () => ({
    url: '1/999999',
    body: { caption_pl: 'a', caption_en: 'b' },
    expect: staff(404),
  }),
  'DELETE /panel/api/v1/admin/galleries/:id/photos/:photoId': () => ({ url: '1/999999', expect: staff(404) }),
  'POST /panel/api/v1/admin/galleries/:id/photos/:photoId/cover': () => ({
    url: '1/999999',
    expect: staff(404),
  }),
  'GET /panel/api/v1/admin/galleries/:id/photos/:photoId/people': () => ({
    url: '1/999999',
    expect: staff(404),
  }),
  'POST /panel/api/v1/admin/galleries/:id/photos/:photoId/people': () => ({
    url: '1/999999',
    body: { member: 'customer@example.com' },
    expect: staff(404),
  }),
  'DELETE /panel/api/v1/admin/galleries/:id/photos/:photoId/people/:userId': () => ({
    url: '1/999999/1',
    expect: staff(404),
  }),
  'GET /panel/api/v1/admin/invoices/requests': () => ({ url: '?sort=total&dir=asc', expect: staff(200) }),
  'GET /panel/api/v1/admin/invoices/items': () => ({ url: '?where[kind]=INVOICE', expect: staff(200) }),
  'POST /panel/api/v1/admin/invoices/orders/:id/issue': (w) => ({
    url: String(w.ids.order),
    expect: staff(409),
    why: "the world's order waits for payment: only a paid order is invoiced (refused after the role check)",
  }),
  'POST /panel/api/v1/admin/invoices/orders/:id/correct': (w) => ({
    url: String(w.ids.order),
    body: { amount: 10 },
    expect: staff(409),
    why: 'no invoice to correct (refused after the role check)',
  }),
  'GET /panel/api/v1/admin/invoices/item/:id/pdf': () => ({ url: '999999', expect: staff(404) }),
  'GET /panel/api/v1/sales/orders/item/:id/invoices': (w) => ({
    url: String(w.ids.order),
    expect: customers(200, 404),
  }),
  'GET /panel/api/v1/sales/invoices/item/:id/pdf': () => ({
    url: '999999',
    expect: customers(404),
    why: "the owner's 200 and another member's 404 are in modules/invoices/invoices.test.ts",
  }),
  // KSeF (modules/invoices/ksef-routes.ts): staff resend and read the XML and UPO; a member reads their own XML.
  'POST /panel/api/v1/admin/invoices/item/:id/ksef/resend': () => ({ url: '999999', expect: staff(404) }),
  'GET /panel/api/v1/admin/invoices/item/:id/xml': () => ({ url: '999999', expect: staff(404) }),
  'GET /panel/api/v1/admin/invoices/item/:id/upo': () => ({ url: '999999', expect: staff(404) }),
  'GET /panel/api/v1/sales/invoices/item/:id/xml': () => ({
    url: '999999',
    expect: customers(404),
    why: "the owner's 200 and another member's 404 are in modules/invoices/ksef.test.ts",
  }),
  'GET /panel/ksef-stand-in/v2/*': () => ({
    url: '/panel/ksef-stand-in/v2/security/public-key-certificates',
    expect: all(200),
    why: 'the KSeF stand-in (KSEF_ENV=stand-in, refused for a real installation) publishes its test certificate as KSeF does',
  }),
  'POST /panel/ksef-stand-in/v2/*': () => ({
    url: '/panel/ksef-stand-in/v2/sessions/online',
    expect: all(401),
    why: "the stand-in's sessions need its own access token, as KSeF's do",
  }),
  'GET /': () => ({ expect: all(302) }),
  'GET /panel': () => ({ expect: all(302) }),
  'GET /panel/': () => ({ expect: all(200), why: 'the app shell holds no data; screens ask the API' }),
  'GET /panel/*': () => ({ url: '/panel/customers/edit/1', expect: all(200) }),
};

/** Files of the built web app (hashed assets, favicon, legal PDFs): public, the same for everyone. */
const isBuiltFile = (r: RouteInfo) =>
  r.method === 'GET' &&
  !r.url.startsWith('/panel/api/') &&
  !r.url.startsWith('/panel/media/') &&
  /^\/panel\/(assets\/)?(docs\/)?[^/*:]+\.[a-z0-9]+$/i.test(r.url);

const key = (r: RouteInfo) => `${r.method} ${r.url}`;

/** The concrete address of a case: a path for the parameters, or a query string. */
function addressOf(route: RouteInfo, c: Case): string {
  const u = c.url ?? '';
  if (u.startsWith('/')) return u;
  if (/[:*]/.test(route.url)) {
    const parts = u.split('/');
    let i = 0;
    return route.url.replace(/:[A-Za-z0-9_]+|\*/g, () => parts[i++] ?? '1');
  }
  return route.url + u;
}

describe.skipIf(skipIfNoDatabase)('authorisation matrix over the route table', () => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld();
  }, 120_000);
  afterAll(() => w?.t.close());

  it('classifies every registered route, and no entry is stale', () => {
    const routes = w.routes.filter((r) => !r.url.startsWith(`${API}/test/`));
    const unclassified = routes.filter((r) => !isBuiltFile(r) && !(key(r) in EXPECTATIONS)).map(key);
    expect(unclassified, 'add these routes to EXPECTATIONS with the status each caller must get').toEqual([]);
    const stale = Object.keys(EXPECTATIONS).filter((k) => !routes.some((r) => key(r) === k));
    expect(stale).toEqual([]);
  });

  it('every route × caller gets its expected status', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    let checked = 0;
    const routes = w.routes.filter((r) => key(r) in EXPECTATIONS);
    for (const route of routes) {
      for (const actor of ACTORS) {
        // Built per call: bodies with unique e-mails and VINs must not collide between callers.
        const spec = EXPECTATIONS[key(route)]!(w);
        const url = addressOf(route, spec);
        const client: Client = spec.fresh ? await w.fresh(actor, spec.fresh) : w.clients[actor];
        const body = route.method === 'GET' ? undefined : (spec.body ?? {});
        const res = url.startsWith('/panel')
          ? await client.request(route.method as 'GET', url, body)
          : await w.t.app.inject({ method: 'GET', url, headers: { cookie: client.cookie } });
        checked++;
        const expected = spec.expect[actor];
        if (res.statusCode !== expected) {
          failures.push(
            `${key(route)} as ${actor}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 140)}`,
          );
        }
        // Refusals of the API are the envelope, with a stable code for the gate that refused.
        if (url.startsWith(API) && res.statusCode >= 400) {
          const body = res.json() as { success?: boolean; code?: string };
          if (body.success !== false || typeof body.code !== 'string')
            failures.push(`${key(route)} as ${actor}: no envelope`);
          if (res.statusCode === 401 && !['UNAUTHENTICATED', 'INVALID_CREDENTIALS'].includes(body.code ?? ''))
            failures.push(`${key(route)} 401 code ${body.code}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(250);
  });

  it('files of the built app are public and the same for every caller', async () => {
    const files = w.routes.filter(isBuiltFile);
    const failures: string[] = [];
    for (const route of files) {
      for (const actor of ['anonymous', 'customer'] as const) {
        const res = await w.clients[actor].get(route.url);
        if (res.statusCode !== 200) failures.push(`${key(route)} as ${actor}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('routes behind the password re-entry refuse a dealer who has not re-entered it (403 PASSWORD_CHECK_REQUIRED)', async () => {
    const gated = w.routes.filter((r) => r.passwordCheck);
    expect(gated.map(key).sort()).toEqual([
      'GET /panel/api/v1/bonus/tax-offices',
      'GET /panel/api/v1/dealers/customers/item/:id',
      'GET /panel/api/v1/dealers/customers/items',
      'POST /panel/api/v1/bonus/store',
      'POST /panel/api/v1/dealers/customers/register/existing',
      'POST /panel/api/v1/dealers/customers/register/new',
      'POST /panel/api/v1/dealers/customers/update/:id',
    ]);
    const dealer = new (w.clients.dealer.constructor as new (app: unknown) => Client)(w.t.app);
    expect((await dealer.login(w.accounts.dealer.email, w.accounts.dealer.password)).statusCode).toBe(200);
    for (const route of gated) {
      const res = await dealer.request(
        route.method as 'GET',
        route.url,
        route.method === 'GET' ? undefined : bonusBody,
      );
      expect(res.statusCode, key(route)).toBe(403);
      expect((res.json() as { code: string }).code).toBe('PASSWORD_CHECK_REQUIRED');
    }
  });

  it('lists show only what the caller owns: another dealer never sees the customer, another member never the order', async () => {
    const email = (
      (await w.clients.dealer.get(`/dealers/customers/item/${w.ids.dealerCustomer}`)).json() as {
        data: { user: { email: string } };
      }
    ).data.user.email;
    const mine = (
      await w.clients.dealer.get(`/dealers/customers/items?where[search]=${encodeURIComponent(email)}`)
    ).json() as {
      data: { id: number }[];
    };
    expect(mine.data.map((c) => c.id)).toContain(w.ids.dealerCustomer);
    const theirs = (
      await w.clients.otherDealer.get(`/dealers/customers/items?where[search]=${encodeURIComponent(email)}`)
    ).json() as {
      data: unknown[];
    };
    expect(theirs.data).toEqual([]);
    const otherOrders = (await w.clients.otherCustomer.get('/sales/orders/items')).json() as {
      data: { id: number }[];
    };
    expect(otherOrders.data.map((o) => o.id)).not.toContain(w.ids.order);
    const otherCart = (await w.clients.otherCustomer.get('/sales/cart/items')).json() as {
      data: { id: number }[];
    };
    expect(otherCart.data.map((l) => l.id)).not.toContain(w.ids.cartItem);
  });

  it('what another member tried left the owner’s things as they were', async () => {
    const cart = (await w.clients.customer.get('/sales/cart/items')).json() as { data: { id: number }[] };
    expect(cart.data.map((l) => l.id)).toContain(w.ids.cartItem);
    expect((await w.clients.customer.get(`/sales/orders/item/${w.ids.order}`)).statusCode).toBe(200);
    expect((await w.clients.dealer.get(`/dealers/customers/item/${w.ids.dealerCustomer}`)).statusCode).toBe(
      200,
    );
  });
});
