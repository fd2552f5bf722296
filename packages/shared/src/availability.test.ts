import { describe, expect, it } from 'vitest';
import { type AvailabilityInput, availabilityBadge, orderBlock, productAction } from './availability';
import { categorySlug, parseProductParam, productSlug } from './slug';

const base: AvailabilityInput = {
  published: 1,
  can_order: true,
  can_set_notification: false,
  is_set_notification: false,
  is_past: false,
  overall_limit: 20,
  status_limit: 5,
  event_images_count: 0,
};

describe('availability badge (SPEC.md §4)', () => {
  it.each([
    [{ overall_limit: null }, 'sold-out'],
    [{ overall_limit: 0 }, 'sold-out'],
    [{ overall_limit: 6 }, 'available'],
    [{ overall_limit: 5 }, 'low-availability'],
    [{ overall_limit: 1 }, 'low-availability'],
    [{ can_order: false, overall_limit: 20 }, 'available'],
    [{ can_order: false, overall_limit: null }, 'sold-out'],
  ] as const)('%o → %s', (patch, badge) => {
    expect(availabilityBadge({ ...base, ...patch })).toBe(badge);
  });

  it('shows no badge when a notification can be set, for announced or past experiences', () => {
    expect(
      availabilityBadge({ ...base, can_order: false, can_set_notification: true, overall_limit: null }),
    ).toBeNull();
    expect(availabilityBadge({ ...base, published: 2 })).toBeNull();
    expect(availabilityBadge({ ...base, is_past: true })).toBeNull();
  });
});

describe('product action (SPEC.md §4)', () => {
  it('past → gallery only, enabled when there are photos', () => {
    expect(productAction({ ...base, is_past: true })).toEqual({ kind: 'gallery', enabled: false });
    expect(productAction({ ...base, is_past: true, event_images_count: 3 })).toEqual({
      kind: 'gallery',
      enabled: true,
    });
  });
  it('announced → notify when published (set or not)', () => {
    expect(productAction({ ...base, published: 2, can_order: false, can_set_notification: true })).toEqual({
      kind: 'notify-when-published',
      set: false,
      allowed: true,
    });
    expect(
      productAction({
        ...base,
        published: 2,
        can_order: false,
        can_set_notification: true,
        is_set_notification: true,
      }),
    ).toMatchObject({ set: true });
    expect(productAction({ ...base, published: 2, can_order: false })).toMatchObject({ allowed: false });
  });
  it('orderable → order', () => {
    expect(productAction(base)).toEqual({ kind: 'order' });
  });
  it('not orderable with notifications → waiting list, then notification set', () => {
    const w = { ...base, can_order: false, can_set_notification: true, overall_limit: null };
    expect(productAction(w)).toEqual({ kind: 'waiting-list', set: false });
    expect(productAction({ ...w, is_set_notification: true })).toEqual({ kind: 'waiting-list', set: true });
  });
  it('neither → none (the badge speaks)', () => {
    expect(productAction({ ...base, can_order: false })).toEqual({ kind: 'none' });
  });
});

describe('slugs and product route parameters', () => {
  it('category slug: lowercased, spaces to hyphens', () => {
    expect(categorySlug('Akademia jazdy')).toBe('akademia-jazdy');
    expect(categorySlug('Driving Academy')).toBe('driving-academy');
  });
  it('product slug folds Polish letters', () => {
    expect(productSlug('Przełęcze Alp: Stelvio i Bernina')).toBe('przelecze-alp-stelvio-i-bernina');
  });
  it('parses id-slug, bare id and alias', () => {
    expect(parseProductParam('12-track-day')).toEqual({ id: 12 });
    expect(parseProductParam('12')).toEqual({ id: 12 });
    expect(parseProductParam('alpine-passes')).toEqual({ alias: 'alpine-passes' });
    expect(parseProductParam('0')).toBeNull();
    expect(parseProductParam('<script>')).toBeNull();
  });
});

describe('why a member cannot order (the product page says so)', () => {
  it.each([
    [{}, null],
    [{ can_order: false, is_past: true, in_cart: true }, 'past'],
    [{ can_order: false, published: 2 }, 'announced'],
    [{ can_order: false, in_cart: true, limit_reached: true }, 'in-cart'],
    [{ can_order: false, limit_reached: true, overall_limit: null }, 'limit-reached'],
    [{ can_order: false, overall_limit: null, can_set_notification: true }, 'sold-out'],
    [{ can_order: false }, 'sales-closed'],
  ] as const)('%o → %s', (patch, reason) => {
    expect(orderBlock({ ...base, ...patch })).toBe(reason);
  });
});
