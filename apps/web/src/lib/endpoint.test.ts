import { catalogContract } from '@club/shared/contract/catalog';
import { dealersContract } from '@club/shared/contract/dealers';
import { ordersContract } from '@club/shared/contract/orders';
import { keepPreviousData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { pageQueryOf, queryKeyOf, queryPrefixOf } from './endpoint';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((word, i) => key[i] === word);

describe('query keys from the contract', () => {
  it('a prefix covers every query of the endpoints it was made from, whatever their input', () => {
    const orders = queryPrefixOf(ordersContract.list, ordersContract.item);
    expect(orders).toEqual(['sales', 'orders']);
    expect(startsWith(queryKeyOf(ordersContract.list, { query: { page: 2 } }), orders)).toBe(true);
    expect(startsWith(queryKeyOf(ordersContract.item, { params: { id: 7 } }), orders)).toBe(true);
  });

  it('stops at the first word the endpoints do not share', () => {
    expect(queryPrefixOf(catalogContract.list, catalogContract.item)).toEqual(['products']);
    expect(queryPrefixOf(dealersContract.customers, dealersContract.customer)).toEqual([
      'dealers',
      'customers',
    ]);
    expect(queryPrefixOf(catalogContract.list)).toEqual(queryKeyOf(catalogContract.list));
  });
});

describe('a page of a paged list', () => {
  it('is keyed like its endpoint and input, and keeps the page on screen while the next loads', () => {
    const input = { query: { page: 2 } };
    const page = pageQueryOf(ordersContract.list, input);
    expect(page.queryKey).toEqual(queryKeyOf(ordersContract.list, input));
    expect(page.placeholderData).toBe(keepPreviousData);
  });
});
