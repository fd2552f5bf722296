import { PUBLISHED_ANNOUNCED } from './constants';

/** What a product card or page offers, from the product's flags (SPEC.md §4). */
export type ProductAction =
  | { kind: 'gallery'; enabled: boolean }
  | { kind: 'notify-when-published'; set: boolean; allowed: boolean }
  | { kind: 'waiting-list'; set: boolean }
  | { kind: 'order' }
  | { kind: 'none' };

export type AvailabilityBadge = 'sold-out' | 'available' | 'low-availability';

export type AvailabilityInput = {
  published: number;
  can_order: boolean;
  can_set_notification: boolean;
  is_set_notification: boolean;
  is_past: boolean;
  overall_limit: number | null;
  status_limit: number;
  event_images_count?: number;
  in_cart?: boolean;
  limit_reached?: boolean;
};

/** Why a member cannot order an experience, the first that applies; null when they can. */
export type OrderBlock = 'past' | 'announced' | 'in-cart' | 'limit-reached' | 'sold-out' | 'sales-closed';

/**
 * The reason the product page gives (issue 14): a member is told why, and what they can do,
 * rather than "you cannot order this". Sales close the day before the start (member-flags.ts).
 */
export function orderBlock(p: AvailabilityInput): OrderBlock | null {
  if (p.can_order) return null;
  if (p.is_past) return 'past';
  if (p.published === PUBLISHED_ANNOUNCED) return 'announced';
  if (p.in_cart) return 'in-cart';
  if (p.limit_reached) return 'limit-reached';
  if (!p.overall_limit) return 'sold-out';
  return 'sales-closed';
}

/**
 * The badge of SPEC.md §4, shown when notifications cannot be set: no seats left (empty
 * overall_limit) → sold out; more seats left than status_limit → available; else low availability.
 * Announced and past experiences carry no badge.
 */
export function availabilityBadge(p: AvailabilityInput): AvailabilityBadge | null {
  if (p.is_past || p.published === PUBLISHED_ANNOUNCED || p.can_set_notification) return null;
  if (!p.overall_limit) return 'sold-out';
  return p.overall_limit > p.status_limit ? 'available' : 'low-availability';
}

/** The one action button of SPEC.md §4; the order button is meant for customers only. */
export function productAction(p: AvailabilityInput): ProductAction {
  if (p.is_past) return { kind: 'gallery', enabled: (p.event_images_count ?? 0) > 0 };
  if (p.published === PUBLISHED_ANNOUNCED) {
    return { kind: 'notify-when-published', set: p.is_set_notification, allowed: p.can_set_notification };
  }
  if (p.can_order) return { kind: 'order' };
  if (p.can_set_notification) return { kind: 'waiting-list', set: p.is_set_notification };
  return { kind: 'none' };
}
