import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * A column of the outer statement inside a correlated sub-select, always written with its table's
 * name ("products"."id"). Drizzle writes `${products.id}` bare ("id") in the selected fields of a
 * query over one table, and inside `(select … from cart_items ci where ci.product_id = "id")` a bare
 * "id" is the inner table's own: the comparison then matches rows by the wrong id (issue 28, item 3).
 * `test/sql-correlation.test.ts` fails on a sub-select that names an outer column without it.
 */
export const outer = (column: Column): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
