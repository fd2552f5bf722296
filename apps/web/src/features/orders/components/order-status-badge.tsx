import { ORDER_STATUSES } from '@club/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui';

const tones: Record<string, BadgeTone> = {
  WAITING_PAYMENT: 'warning',
  PAID: 'success',
  CANCELLED: 'neutral',
};

/** Translated order status; a dash for a status this app does not know (SPEC.md §4). */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('orders');
  if (!(ORDER_STATUSES as readonly string[]).includes(status)) return <span>-</span>;
  return <Badge tone={tones[status] ?? 'neutral'}>{t(`status.${status}`)}</Badge>;
}
