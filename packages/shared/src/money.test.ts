import { describe, expect, it } from 'vitest';
import {
  cartTotal,
  formatMoney,
  groszeToPln,
  lineTotal,
  orderTotal,
  plnToGrosze,
  splitGross,
  splitProportionally,
} from './money';

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

  it('splits a gross amount by VAT rate with the net rounded half up, net + VAT = gross', () => {
    expect(splitGross(123_00, 23)).toEqual({ net: 100_00, vat: 23_00 });
    expect(splitGross(150_000, 23)).toEqual({ net: 121_951, vat: 28_049 });
    expect(splitGross(1, 23)).toEqual({ net: 1, vat: 0 });
    expect(splitGross(108_00, 8)).toEqual({ net: 100_00, vat: 8_00 });
    expect(splitGross(500, 0)).toEqual({ net: 500, vat: 0 });
    for (let g = 0; g < 2000; g += 7) {
      const { net, vat } = splitGross(g, 23);
      expect(net + vat).toBe(g);
      expect(Math.abs(net * 1.23 - g)).toBeLessThanOrEqual(1);
    }
  });

  it('splits an amount in proportion to weights, the parts adding up exactly', () => {
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(10_000, [150_000, 50_000])).toEqual([7_500, 2_500]);
    expect(splitProportionally(7, [0, 0])).toEqual([7, 0]);
    expect(splitProportionally(0, [3, 4])).toEqual([0, 0]);
  });
});
