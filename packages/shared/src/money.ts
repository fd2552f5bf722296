import { CURRENCY_SUFFIX } from './constants';

/** Integer grosze in the database, PLN with at most 2 decimals on the wire (DESIGN.md §4). */
export const groszeToPln = (grosze: number): number => Math.round(grosze) / 100;
export const plnToGrosze = (pln: number): number => Math.round(pln * 100);

/** "1 234,50 zł" in Polish, "1,234.50 zł" in English; always 2 decimals (SPEC.md §9). */
export function formatMoney(pln: number, language = 'pl'): string {
  const locale = language === 'en' ? 'en-GB' : 'pl-PL';
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  }).format(pln);
  return `${number} ${CURRENCY_SUFFIX}`;
}

/** Order total of SPEC.md §9: price × quantity, or the price alone when quantity is below 1. */
export function lineTotal(price: number, quantity: number): number {
  return quantity < 1 ? price : price * quantity;
}

export function orderTotal(lines: { price: number; quantity: number }[]): number {
  const grosze = lines.reduce((sum, l) => sum + plnToGrosze(lineTotal(l.price, l.quantity)), 0);
  return groszeToPln(grosze);
}

/** Cart total = Σ quantity × price − discount, never below zero. */
export function cartTotal(lines: { price: number; quantity: number }[], discount = 0): number {
  return groszeToPln(Math.max(0, plnToGrosze(orderTotal(lines)) - plnToGrosze(discount)));
}

/**
 * A gross amount in grosze split by a VAT rate in percent (Polish invoices computed "from gross"):
 * net = gross × 100 / (100 + rate), rounded half up to the grosz; VAT is the rest, so net + VAT is
 * the gross exactly.
 */
export function splitGross(grossGrosze: number, ratePercent: number): { net: number; vat: number } {
  const divisor = 100 + ratePercent;
  const net = Math.floor((2 * grossGrosze * 100 + divisor) / (2 * divisor));
  return { net, vat: grossGrosze - net };
}

/**
 * Splits `total` grosze in proportion to `weights` (largest remainder): whole grosze that add up to
 * `total` exactly (a discount or a refund spread over an order's lines).
 */
export function splitProportionally(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
