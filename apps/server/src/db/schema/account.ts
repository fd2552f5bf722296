import { CUSTOMER_STATUS, CUSTOMER_STATUSES, CUSTOMER_TYPES } from '@club/shared';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

export const interests = pgTable('interests', {
  id: serial('id').primaryKey(),
  namePl: text('name_pl').notNull(),
  nameEn: text('name_en').notNull(),
  position: integer('position').notNull().default(0),
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
    term1: boolean('term_1').notNull().default(false),
    term2: boolean('term_2').notNull().default(false),
    term2a: boolean('term_2a').notNull().default(false),
    term3: boolean('term_3').notNull().default(false),
    term4Car: boolean('term_4_car').notNull().default(false),
    term4Email: boolean('term_4_email').notNull().default(false),
    term4Group: boolean('term_4_group').notNull().default(false),
    term4Phone: boolean('term_4_phone').notNull().default(false),
    term4Post: boolean('term_4_post').notNull().default(false),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_dealer_idx').on(t.dealerId, t.createdAt),
    index('customers_status_idx').on(t.status),
  ],
);

export const customerInterests = pgTable(
  'customer_interests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    interestId: integer('interest_id')
      .notNull()
      .references(() => interests.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.interestId] })],
);
