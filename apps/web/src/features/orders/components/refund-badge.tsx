import type { RefundState } from '@club/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui';

/** "Refunded" or "Partly refunded" beside the order's status (issue 30); nothing when no money went back. */
export function RefundBadge({ state }: { state: RefundState }) {
  const { t } = useTranslation('orders');
  if (state === 'NONE') return null;
  return <Badge tone="gold">{t(`refund.${state}`)}</Badge>;
}
