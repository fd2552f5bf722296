/**
 * How much of an order's money went back (issue 30, docs/invoices.md "Refunds that people see"): none,
 * part of it, or all of it. Read from the order's total and what was refunded, so every screen (the
 * member's history, the desk's list and order) and the filter agree without a column of its own.
 */
export const REFUND_STATES = ['NONE', 'PARTIAL', 'FULL'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** Integer grosze in, the state out: a free order is never refunded. */
export function refundStateOf(totalGrosze: number, refundedGrosze: number): RefundState {
  if (refundedGrosze <= 0 || totalGrosze <= 0) return 'NONE';
  return refundedGrosze >= totalGrosze ? 'FULL' : 'PARTIAL';
}
