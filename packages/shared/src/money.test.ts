import { describe, expect, it } from 'vitest';
import { cartTotal, formatMoney, groszeToPln, lineTotal, orderTotal, plnToGrosze } from './money';

describe('money', () => {
  it('converts between grosze and PLN without float noise', () => {
    expect(groszeToPln(123456)).toBe(1234.56);
    expect(plnToGrosze(19.99)).toBe(1999);
    expect(plnToGrosze(0.1 + 0.2)).toBe(30);
    expect(plnToGrosze(0.29)).toBe(29);
    expect(plnToGrosze(1234.56)).toBe(123456);
  });

  it('formats with 2 decimals and the zł suffix (SPEC.md §9)', () => {
    expect(formatMoney(1234.5)).toMatch(/^1\s234,50\szł$/);
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50 zł');
    expect(formatMoney(0)).toBe('0,00 zł');
    expect(formatMoney(0.1 + 0.2)).toBe('0,30 zł');
    expect(formatMoney(99.999)).toBe('100,00 zł');
  });

  it('line total is price × quantity, or the price alone below quantity 1', () => {
    expect(lineTotal(100, 3)).toBe(300);
    expect(lineTotal(100, 0)).toBe(100);
    expect(lineTotal(100, -2)).toBe(100);
  });

  it('order total sums the lines exactly', () => {
    expect(orderTotal([])).toBe(0);
    expect(orderTotal([{ price: 0.1, quantity: 3 }])).toBe(0.3);
    expect(
      orderTotal([
        { price: 0.1, quantity: 3 },
        { price: 19.99, quantity: 0 },
      ]),
    ).toBe(20.29);
  });

  it('cart total = Σ quantity × price − discount, never below zero', () => {
    expect(cartTotal([{ price: 1000.1, quantity: 3 }], 100)).toBe(2900.3);
    expect(cartTotal([{ price: 1000.1, quantity: 3 }])).toBe(3000.3);
    expect(cartTotal([{ price: 100, quantity: 2 }], 250)).toBe(0);
  });
});
