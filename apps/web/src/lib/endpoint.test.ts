import { adminCatalogContract } from '@club/shared/contract/admin-catalog';
import { adminDiscountsContract } from '@club/shared/contract/admin-discounts';
import { adminGalleriesContract } from '@club/shared/contract/admin-galleries';
import { adminMailContract } from '@club/shared/contract/admin-mail';
import { adminOrdersContract } from '@club/shared/contract/admin-orders';
import { catalogContract } from '@club/shared/contract/catalog';
import { invoicesContract } from '@club/shared/contract/invoices';
import { staffContract } from '@club/shared/contract/staff';
import { ADMIN_PAGE_SIZES } from '@club/shared/schemas/admin-catalog';
import { DISCOUNT_PAGE_SIZES } from '@club/shared/schemas/admin-discounts';
import { MAIL_PAGE_SIZES } from '@club/shared/schemas/admin-mail';
import { DESK_PAGE_SIZES } from '@club/shared/schemas/admin-orders';
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

describe('console lists ask only for what the API takes (issue 28: the galleries asked for per_page=24)', () => {
  it('page sizes, sort keys and filters are typed from the contract: a screen asking for another does not compile', () => {
    // @ts-expect-error 24 is not one of the contract's page sizes (ADMIN_PAGE_SIZES)
    pageQueryOf(adminGalleriesContract.list, { query: { per_page: 24 } });
    // @ts-expect-error nor a size read from the address without narrowing (isPageSize)
    pageQueryOf(adminCatalogContract.list, { query: { per_page: Number('25') } });
    // @ts-expect-error a sort key the list does not offer
    pageQueryOf(adminCatalogContract.list, { query: { sort: 'colour' } });
    // @ts-expect-error the outbox's sizes start at 25
    pageQueryOf(adminMailContract.list, { query: { per_page: 10 } });
    // @ts-expect-error an order status that does not exist
    pageQueryOf(adminOrdersContract.list, { query: { status: 'LOST' } });
    // @ts-expect-error a sort key the discounts do not offer
    pageQueryOf(adminDiscountsContract.list, { query: { sort: 'amount' } });
    // @ts-expect-error the staff list's filters are read under where[…], never as plain names
    pageQueryOf(staffContract.list, { query: { search: 'ewa' } });
    // @ts-expect-error a role that is not staff
    pageQueryOf(staffContract.list, { query: { where: { type: 'CUSTOMER' } } });
    // @ts-expect-error an invoice kind that does not exist
    pageQueryOf(invoicesContract.list, { query: { where: { kind: 'RECEIPT' } } });
    const galleries = pageQueryOf(adminGalleriesContract.list, { query: { per_page: 25, sort: 'photos' } });
    expect(galleries.queryKey.at(-1)).toEqual({ query: { per_page: 25, sort: 'photos' } });
  });

  it("every page size a list's tuple offers is one its endpoint takes, and no other", () => {
    const lists = [
      [adminCatalogContract.list.query, ADMIN_PAGE_SIZES],
      [adminGalleriesContract.list.query, ADMIN_PAGE_SIZES],
      [adminOrdersContract.list.query, DESK_PAGE_SIZES],
      [adminDiscountsContract.list.query, DISCOUNT_PAGE_SIZES],
      [adminMailContract.list.query, MAIL_PAGE_SIZES],
    ] as const;
    for (const [schema, sizes] of lists) {
      for (const size of sizes)
        expect(schema.safeParse({ per_page: String(size) }).success, `${size}`).toBe(true);
      for (const size of [0, 24, 99, 1000])
        expect(schema.safeParse({ per_page: String(size) }).success).toBe(false);
    }
  });
});
