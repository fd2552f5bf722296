import { type AnyPgColumn, boolean, integer, serial, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column builders the tables share, so each table says only what is its own. Every call makes a new
 * builder: the columns they give are the ones the migrations already create (drizzle-kit sees no change).
 */

/** The surrogate key most tables have. */
export const serialId = () => serial('id').primaryKey();

/** A point in time, always with its zone (the club's day is Warsaw's, the server's clock is UTC). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => instant('created_at').notNull().defaultNow();

/** A required reference to the row this one belongs to: deleted with it (ON DELETE CASCADE). */
export const ownedBy = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });

/** A yes/no that starts as no: a consent not given, a flag not set. */
export const offByDefault = (name: string) => boolean(name).notNull().default(false);

/** The row's place among its siblings (the order the console's drag-and-drop saves). */
export const listPosition = () => integer('position').notNull().default(0);

/** Optimistic concurrency of the console (docs/console.md): a save on an older version is refused (409 STALE). */
export const editVersion = () => integer('version').notNull().default(1);
