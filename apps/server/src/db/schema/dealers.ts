import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns';
import { users } from './auth';

export const taxOffices = pgTable('tax_offices', {
  id: serialId(),
  name: text('name').notNull(),
  city: text('city').notNull(),
});

export const bonusSignups = pgTable('bonus_signups', {
  id: serialId(),
  dealerId: integer('dealer_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  surname: text('surname').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  postCode: text('post_code').notNull(),
  city: text('city').notNull(),
  /**
   * The PESEL sealed with AES-256-GCM (lib/pii-crypto.ts), never the number itself: a CHECK refuses
   * an 11-digit value or one without its key id (migration 0022).
   */
  pesel: text('pesel'),
  /** Which key of PII_KEY / PII_OLD_KEYS sealed `pesel` (rotation: npm run pii:rotate). */
  peselKeyId: text('pesel_key_id'),
  taxNumber: text('tax_number'),
  taxationForm: text('taxation_form', { enum: ['PIT-11', 'JDG'] }).notNull(),
  taxOffice: text('tax_office'),
  correspondenceAddress: text('correspondence_address'),
  term1: boolean('term_1').notNull(),
  term2: boolean('term_2').notNull(),
  term3: boolean('term_3').notNull(),
  term4: boolean('term_4').notNull(),
  createdAt: createdAt(),
});
