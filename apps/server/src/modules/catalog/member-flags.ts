import { PUBLISHED_ANNOUNCED, PUBLISHED_ON_SALE, USER_TYPE, type UserType } from '@club/shared';

/** Seats left reported for an experience without a seat cap (total_seats null). */
export const UNCAPPED_SEATS = 999;
/** The waiting list of a sold-out experience closes this many days before its start. */
export const WAITING_LIST_CLOSES_DAYS = 3;

export type MemberContext = { userId: number; type: UserType; today: string };

export type FlagInput = {
  published: number;
  startDate: string;
  totalSeats: number | null;
  seatsTaken: number;
  /** Seats held for the waiting list (products.seats_held): nobody else may buy them. */
  seatsHeld: number;
  memberLimit: number;
  statusLimit: number;
  /** The member has this experience in the cart. */
  inCart: boolean;
  /** Seats the member holds in orders waiting for payment or paid. */
  heldQuantity: number;
  notificationSet: boolean;
  /** When the seat held for this member runs out (ISO), or null: no open offer for them. */
  heldUntil: string | null;
};

export type MemberFlags = {
  can_order: boolean;
  can_set_notification: boolean;
  is_set_notification: boolean;
  /** The experience is in the member's cart: the screens say so instead of "cannot order". */
  in_cart: boolean;
  /** The member already holds `limit` seats (orders waiting for payment or paid). */
  limit_reached: boolean;
  is_past: boolean;
  limit: number;
  overall_limit: number | null;
  status_limit: number;
  /** A seat is held for the member until then (ISO), else null. */
  held_until: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * The per-member flags of SPEC.md §3, computed at request time from the seats, the calendar and what
 * the member already holds, never stored. Sales close the day before the start; an experience is
 * past once its start day has gone. Only customers order or join waiting lists.
 */
export function memberFlags(p: FlagInput, m: MemberContext): MemberFlags {
  const isCustomer = m.type === USER_TYPE.CUSTOMER;
  const isPast = p.startDate < m.today;
  const salesOpen = p.startDate > m.today;
  // Seats held for the waiting list are nobody's but their member's: one per open offer.
  const heldForMe = isCustomer && p.heldUntil !== null ? 1 : 0;
  const seatsLeft =
    p.totalSeats === null
      ? UNCAPPED_SEATS
      : Math.max(0, p.totalSeats - p.seatsTaken - p.seatsHeld) + heldForMe;
  const limitReached = p.heldQuantity >= p.memberLimit;
  const onSale = p.published === PUBLISHED_ON_SALE;
  const announced = p.published === PUBLISHED_ANNOUNCED;
  const canOrder = isCustomer && salesOpen && onSale && seatsLeft > 0 && !p.inCart && !limitReached;
  const waitingListOpen = daysBetween(m.today, p.startDate) >= WAITING_LIST_CLOSES_DAYS;
  const canSetNotification =
    isCustomer &&
    salesOpen &&
    (announced || (onSale && seatsLeft === 0 && waitingListOpen && !p.inCart && !limitReached));
  return {
    can_order: canOrder,
    can_set_notification: canSetNotification,
    is_set_notification: isCustomer && p.notificationSet,
    in_cart: isCustomer && p.inCart,
    limit_reached: isCustomer && limitReached,
    is_past: isPast,
    limit: p.memberLimit,
    overall_limit: seatsLeft > 0 ? seatsLeft : null,
    status_limit: p.statusLimit,
    held_until: heldForMe && salesOpen && onSale ? p.heldUntil : null,
  };
}
