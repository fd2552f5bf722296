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
