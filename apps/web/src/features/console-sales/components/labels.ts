import type { OrderStatus } from '@club/shared/constants';

/** The badge tone of each order status (the console's Badge). */
export const STATUS_TONE: Record<OrderStatus, 'gold' | 'success' | 'danger'> = {
  WAITING_PAYMENT: 'gold',
  PAID: 'success',
  CANCELLED: 'danger',
};

export const dateTimeFormat = (lang: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Warsaw',
  });
