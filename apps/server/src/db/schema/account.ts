import { CUSTOMER_STATUS, CUSTOMER_STATUSES, CUSTOMER_TYPES } from '@club/shared';
import { date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, listPosition, offByDefault, ownedBy, serialId } from './columns';
import { users } from './auth';

export const interests = pgTable('interests', {
  id: serialId(),
  namePl: text('name_pl').notNull(),
  nameEn: text('name_en').notNull(),
  position: listPosition(),
});

/**
 * The club member's data beyond the user row: consents, invoice data and, for members brought in by
 * a dealer, the registration lifecycle of DESIGN.md §6.
 */
export const customers = pgTable(
  'customers',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealerId: integer('dealer_id').references(() => users.id, { onDelete: 'set null' }),
    registrationType: text('registration_type', { enum: CUSTOMER_TYPES }),
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull().default(CUSTOMER_STATUS.REGISTERED),
    model: text('model'),
    vinNumber: text('vin_number'),
    orderNumber: text('order_number'),
    vehicleIssue: date('vehicle_issue'),
    contractNumber: text('contract_number'),
    provinceId: integer('province_id'),
    term1: offByDefault('term_1'),
    term2: offByDefault('term_2'),
    term2a: offByDefault('term_2a'),
    term3: offByDefault('term_3'),
    term4Car: offByDefault('term_4_car'),
    term4Email: offByDefault('term_4_email'),
    term4Group: offByDefault('term_4_group'),
    term4Phone: offByDefault('term_4_phone'),
    term4Post: offByDefault('term_4_post'),
    /** When each consent now given was given (ISO time by flag name): kept by a trigger, see migration. */
    consentsGivenAt: jsonb('consents_given_at').$type<Record<string, string>>().notNull().default({}),
    invoiceCompanyName: text('invoice_company_name'),
    invoiceStreet: text('invoice_street'),
    invoiceBuildingNumber: text('invoice_building_number'),
    invoiceLocaleNumber: text('invoice_locale_number'),
    invoicePostCode: text('invoice_post_code'),
    invoiceCity: text('invoice_city'),
    taxNumber: text('tax_number'),
    taxNumberPrefix: text('tax_number_prefix'),
    createdAt: createdAt(),
  },
  (t) => [
    // The dealer's list order (created_at desc, user_id desc) walked backwards, index-only: a page's
    // ids cost the rows the offset skips in the index alone, not a heap row and a user row each.
    index('customers_dealer_idx').on(t.dealerId, t.createdAt, t.userId),
    index('customers_dealer_status_idx').on(t.dealerId, t.status, t.createdAt, t.userId),
    index('customers_status_idx').on(t.status),
  ],
);

/**
 * How many customers each dealer has in each status, kept by a trigger on `customers` (migration
 * 0018) in the writing transaction: the dealer's list reads its total here instead of counting.
 */
export const dealerCustomerCounts = pgTable(
  'dealer_customer_counts',
  {
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.status] })],
);

export const customerInterests = pgTable(
  'customer_interests',
  {
    userId: ownedBy('user_id', () => users.id),
    interestId: ownedBy('interest_id', () => interests.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.interestId] })],
);
