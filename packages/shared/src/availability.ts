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
};

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
