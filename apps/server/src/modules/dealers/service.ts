import {
  CUSTOMER_STATUS,
  CUSTOMER_TYPE,
  USER_TYPE,
  AGREEMENT_TERMS,
  formatDisplayDate,
  REGISTRATION_LINK_TTL_DAYS,
  type LanguageCode,
  type TAcceptAgreements,
  type TDealerCustomer,
  type TRegisterExistingCustomer,
  type TRegisterNewCustomer,
  type TUpdateDealerCustomer,
} from '@club/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { customers, users } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import { setConsentContext } from '../../lib/consent-history';
import { randomToken } from '../../lib/tokens';
import type { UserRow } from '../../types';
import { findLiveToken, issueUserToken, useToken } from '../../lib/user-tokens';
import { findUserByEmail } from '../auth/repository';
import type { Mailer } from '../mail/mailer';
import type { MailData } from '../mail/templates';
import {
  type DealerCustomerRow,
  findDealerCustomer,
  findInvitedCustomer,
  findLanguage,
  isVinRegistered,
} from './repository';
import { cardValidTo, clubCardNumber, isPendingEmail, PENDING_EMAIL_DOMAIN } from '../../lib/club-card';

export type DealersContext = { mailer: Mailer; publicUrl: string };

const LINK_TTL_MS = REGISTRATION_LINK_TTL_DAYS * 24 * 60 * 60 * 1000;

export const termsUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/panel/agreements?token=${encodeURIComponent(token)}`;
export const registerUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/panel/activate?token=${encodeURIComponent(token)}`;

const langOf = (code: string): LanguageCode => (code === 'en' ? 'en' : 'pl');
/** Queues one of the registration mails in the member's language. */
async function queueMail<
  T extends 'dealer-invitation' | 'activation-link' | 'agreements-accepted' | 'welcome',
>(db: Tx, ctx: DealersContext, to: { email: string; languageCode: string }, template: T, data: MailData[T]) {
  await ctx.mailer.queue(db, { template, to: to.email, language: langOf(to.languageCode), data });
}

const linkInvalid = () => new AppError(404, 'LINK_INVALID', 'dealers.linkInvalid');

/** Postgres unique violation (same code on PGlite). */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** The dealer-managed customer of SPEC.md §3, with the link of the current step when there is one. */
export function toDealerCustomer(row: DealerCustomerRow, publicUrl: string): TDealerCustomer {
  const c = row.customer;
  const link = row.linkToken;
  return {
    id: c.userId,
    type: c.registrationType,
    status: c.status,
    model: c.model,
    vin_number: c.vinNumber,
    order_number: c.orderNumber,
    contract_number: c.contractNumber,
    vehicle_issue: c.vehicleIssue,
    created_at: c.createdAt.toISOString(),
    user: {
      name: row.user.name,
      surname: row.user.surname,
      email: isPendingEmail(row.user.email) ? null : row.user.email,
      phone_prefix: row.user.phonePrefix,
      phone: row.user.phone,
      honorific: row.user.honorific,
    },
    terms_url: link && c.status === CUSTOMER_STATUS.WAITING_TERMS ? termsUrl(publicUrl, link) : null,
    register_url:
      link && c.status === CUSTOMER_STATUS.WAITING_REGISTRATION ? registerUrl(publicUrl, link) : null,
    term_1: c.term1,
    term_2: c.term2,
    term_2a: c.term2a,
    term_3: c.term3,
    term_4_email: c.term4Email,
    term_4_post: c.term4Post,
    term_4_phone: c.term4Phone,
    term_4_car: c.term4Car,
    term_4_group: c.term4Group,
  };
}

async function assertEmailFree(db: Tx, email: string, field: string) {
  if (await findUserByEmail(db, email)) throw invalidField(field, 'dealers.emailTaken');
}

async function languageCodeOf(db: Tx, languageId: number): Promise<LanguageCode> {
  const language = await findLanguage(db, languageId);
  if (!language) throw invalidField('user.language_id', 'dealers.unknownLanguage');
  return langOf(language.code);
}

async function insertInvitedUser(db: Tx, values: typeof users.$inferInsert): Promise<number> {
  try {
    const [row] = await db.insert(users).values(values).returning({ id: users.id });
    return row!.id;
  } catch (error) {
    // Two dealers registering the same address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw invalidField('user.email', 'dealers.emailTaken');
    throw error;
  }
}

/** NEW: the customer is invited by e-mail to accept the consents (WAITING_TERMS). */
export async function registerNewCustomer(
  db: Tx,
  ctx: DealersContext,
  dealer: UserRow,
  input: TRegisterNewCustomer,
): Promise<number> {
  await assertEmailFree(db, input.user.email, 'user.email');
  const languageCode = await languageCodeOf(db, input.user.language_id);
  const userId = await insertInvitedUser(db, {
    email: input.user.email,
    type: USER_TYPE.CUSTOMER,
    languageCode,
    honorific: input.user.honorific,
    name: input.user.name,
    surname: input.user.surname,
    street: input.customer.street,
    buildingNumber: input.customer.building_number,
    flatNumber: input.customer.flat_number,
    postCode: input.customer.post_code,
    city: input.customer.city,
  });
  await setConsentContext(db, { actor: 'dealer', actorUserId: dealer.id, source: 'dealer_customer_form' });
  await db.insert(customers).values({
    userId,
    dealerId: dealer.id,
    registrationType: CUSTOMER_TYPE.NEW,
    status: CUSTOMER_STATUS.WAITING_TERMS,
    model: input.customer.model,
    contractNumber: input.customer.contract_number,
  });
  const token = await issueUserToken(db, userId, 'AGREEMENTS', LINK_TTL_MS, { shareable: true });
  await queueMail(db, ctx, { email: input.user.email, languageCode }, 'dealer-invitation', {
    dealer: `${dealer.name} ${dealer.surname}`.trim(),
    link: termsUrl(ctx.publicUrl, token),
    days: REGISTRATION_LINK_TTL_DAYS,
  });
  return userId;
}

/**
 * EXISTING: order number, VIN and delivery date are known; the e-mail is not. The dealer hands the
 * terms link to the customer, who gives the e-mail on that page (docs/decisions).
 */
export async function registerExistingCustomer(
  db: Tx,
  dealer: UserRow,
  input: TRegisterExistingCustomer,
): Promise<number> {
  const languageCode = await languageCodeOf(db, input.user.language_id);
  if (await isVinRegistered(db, input.customer.vin_number)) {
    throw invalidField('customer.vin_number', 'dealers.vinTaken');
  }
  const userId = await insertInvitedUser(db, {
    email: `existing-${randomToken(12).toLowerCase()}@${PENDING_EMAIL_DOMAIN}`,
    type: USER_TYPE.CUSTOMER,
    languageCode,
    honorific: input.user.honorific,
    name: input.user.name ?? '',
    surname: input.user.surname ?? '',
  });
  await setConsentContext(db, { actor: 'dealer', actorUserId: dealer.id, source: 'dealer_customer_form' });
  await db.insert(customers).values({
    userId,
    dealerId: dealer.id,
    registrationType: CUSTOMER_TYPE.EXISTING,
    status: CUSTOMER_STATUS.WAITING_TERMS,
    model: input.customer.model,
    vinNumber: input.customer.vin_number,
    orderNumber: input.customer.order_number,
    vehicleIssue: input.customer.vehicle_issue,
  });
  await issueUserToken(db, userId, 'AGREEMENTS', LINK_TTL_MS, { shareable: true });
  return userId;
}

async function sendActivationLink(
  db: Tx,
  ctx: DealersContext,
  user: { id: number; email: string; languageCode: string },
) {
  const token = await issueUserToken(db, user.id, 'ACTIVATE', LINK_TTL_MS, { shareable: true });
  await queueMail(db, ctx, user, 'activation-link', {
    link: registerUrl(ctx.publicUrl, token),
    days: REGISTRATION_LINK_TTL_DAYS,
  });
}

/**
 * The dealer's 'I have order number'. From WAITING_ORDER_NUMBER the customer moves on to
 * WAITING_REGISTRATION and gets the activation link; in other statuses the numbers are corrected only.
 */
export async function updateDealerCustomer(
  db: Tx,
  ctx: DealersContext,
  dealer: UserRow,
  customerId: number,
  input: TUpdateDealerCustomer,
): Promise<void> {
  const row = await findDealerCustomer(db, dealer.id, customerId);
  if (!row) throw notFound();
  const advance = row.customer.status === CUSTOMER_STATUS.WAITING_ORDER_NUMBER;
  await setConsentContext(db, { actor: 'dealer', actorUserId: dealer.id, source: 'dealer_customer_form' });
  await db
    .update(customers)
    .set({
      orderNumber: input.customer.order_number,
      vehicleIssue: input.customer.vehicle_issue,
      ...(advance ? { status: CUSTOMER_STATUS.WAITING_REGISTRATION } : {}),
    })
    .where(eq(customers.userId, customerId));
  if (advance) await sendActivationLink(db, ctx, row.user);
}

/** Makes sure the link of the customer's current step is live (an expired one is replaced). */
export async function ensureStepLink(db: Tx, row: DealerCustomerRow): Promise<DealerCustomerRow> {
  const purpose =
    row.customer.status === CUSTOMER_STATUS.WAITING_TERMS
      ? 'AGREEMENTS'
      : row.customer.status === CUSTOMER_STATUS.WAITING_REGISTRATION
        ? 'ACTIVATE'
        : null;
  if (!purpose || row.linkToken) return row;
  const token = await issueUserToken(db, row.user.id, purpose, LINK_TTL_MS, { shareable: true });
  return { ...row, linkToken: token };
}

/** What the agreements page shows for a live token; 404 when it is not live. */
export async function readAgreementsInvitation(db: Tx, token: string) {
  const live = await findLiveToken(db, token, 'AGREEMENTS');
  const invited = live ? await findInvitedCustomer(db, live.userId) : null;
  if (invited?.customer.status !== CUSTOMER_STATUS.WAITING_TERMS) throw linkInvalid();
  const [dealer] = invited.customer.dealerId
    ? await db
        .select({ name: users.name, surname: users.surname })
        .from(users)
        .where(eq(users.id, invited.customer.dealerId))
    : [];
  return {
    honorific: invited.user.honorific,
    name: invited.user.name,
    surname: invited.user.surname,
    needs_email: isPendingEmail(invited.user.email),
    needs_name: !invited.user.name || !invited.user.surname,
    dealer_name: dealer ? `${dealer.name} ${dealer.surname}`.trim() : '',
    language_code: langOf(invited.user.languageCode),
  };
}

/** The customer accepts the consents: WAITING_TERMS → WAITING_ORDER_NUMBER, or WAITING_REGISTRATION when the order is known. */
export async function acceptAgreements(db: Tx, ctx: DealersContext, input: TAcceptAgreements) {
  const live = await findLiveToken(db, input.token, 'AGREEMENTS');
  const invited = live ? await findInvitedCustomer(db, live.userId) : null;
  if (!live || !invited || invited.customer.status !== CUSTOMER_STATUS.WAITING_TERMS) throw linkInvalid();
  const user = invited.user;

  let email = user.email;
  if (isPendingEmail(user.email)) {
    if (!input.email) throw invalidField('email', 'validation.required');
    await assertEmailFree(db, input.email, 'email');
    email = input.email;
  }
  const name = user.name || input.name;
  const surname = user.surname || input.surname;
  if (!name) throw invalidField('name', 'validation.required');
  if (!surname) throw invalidField('surname', 'validation.required');
  try {
    await db.update(users).set({ email, name, surname, updatedAt: new Date() }).where(eq(users.id, user.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('email', 'dealers.emailTaken');
    throw error;
  }

  const next = invited.customer.orderNumber
    ? CUSTOMER_STATUS.WAITING_REGISTRATION
    : CUSTOMER_STATUS.WAITING_ORDER_NUMBER;
  const terms = Object.fromEntries(AGREEMENT_TERMS.map((t) => [t, input[t] === true])) as Record<
    (typeof AGREEMENT_TERMS)[number],
    boolean
  >;
  // The member gives the consents on the page of the link the dealer sent: no session names them.
  await setConsentContext(db, { actor: 'agreements_link', actorUserId: null, source: 'agreements_page' });
  await db
    .update(customers)
    .set({
      status: next,
      term1: terms.term_1,
      term2: terms.term_2,
      term2a: terms.term_2a,
      term3: terms.term_3,
      term4Email: terms.term_4_email,
      term4Post: terms.term_4_post,
      term4Phone: terms.term_4_phone,
      term4Car: terms.term_4_car,
      term4Group: terms.term_4_group,
    })
    .where(eq(customers.userId, user.id));
  await useToken(db, live.id);

  if (next === CUSTOMER_STATUS.WAITING_REGISTRATION) {
    await sendActivationLink(db, ctx, { id: user.id, email, languageCode: user.languageCode });
  } else {
    await queueMail(db, ctx, { email, languageCode: user.languageCode }, 'agreements-accepted', {});
  }
  return { status: next };
}

export async function readActivationInvitation(db: Tx, token: string) {
  const live = await findLiveToken(db, token, 'ACTIVATE');
  const invited = live ? await findInvitedCustomer(db, live.userId) : null;
  if (invited?.customer.status !== CUSTOMER_STATUS.WAITING_REGISTRATION) throw linkInvalid();
  return {
    name: invited.user.name,
    surname: invited.user.surname,
    email: invited.user.email,
    language_code: langOf(invited.user.languageCode),
  };
}

/** The customer sets a password: WAITING_REGISTRATION → REGISTERED, with a club card and a calendar feed. */
export async function activateAccount(db: Tx, ctx: DealersContext, token: string, passwordHash: string) {
  const live = await findLiveToken(db, token, 'ACTIVATE');
  const invited = live ? await findInvitedCustomer(db, live.userId) : null;
  if (!live || !invited || invited.customer.status !== CUSTOMER_STATUS.WAITING_REGISTRATION)
    throw linkInvalid();
  const user = invited.user;
  const card = user.cardNumber ?? clubCardNumber(user.id);
  const validTo = cardValidTo(invited.customer.vehicleIssue);
  await db
    .update(users)
    .set({
      passwordHash,
      cardNumber: card,
      cardValidTo: validTo,
      calendarToken: user.calendarToken ?? randomToken(24),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
  await db.update(customers).set({ status: CUSTOMER_STATUS.REGISTERED }).where(eq(customers.userId, user.id));
  await useToken(db, live.id);
  await queueMail(db, ctx, user, 'welcome', {
    card,
    validTo: formatDisplayDate(validTo),
    link: `${ctx.publicUrl}/panel/login`,
  });
  return { email: user.email };
}
