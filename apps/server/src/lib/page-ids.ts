import { type Column, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Rows whose `column` is one of the ids a page's query chose. `= any(array(…))` looks each id up by
 * primary key; an `in (subquery)` let the planner hash a scan of every row against them.
 */
export function amongPageIds(column: Column, pageIds: SQLWrapper): SQL {
  return sql`${column} = any(array(${pageIds}))`;
}
