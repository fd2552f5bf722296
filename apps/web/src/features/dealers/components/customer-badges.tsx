import type { CustomerStatus, CustomerType } from '@club/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui';

const STATUS_TONE: Record<CustomerStatus, BadgeTone> = {
  WAITING_TERMS: 'warning',
  WAITING_ORDER_NUMBER: 'warning',
  WAITING_REGISTRATION: 'gold',
  REGISTERED: 'success',
};

/** Status label of SPEC.md §4, or '-' when the customer has none. */
export function StatusBadge({ status }: { status: CustomerStatus | null | undefined }) {
  const { t } = useTranslation('dealers');
  if (!status || !(status in STATUS_TONE)) return <span>-</span>;
  return <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>;
}

export function TypeBadge({ type }: { type: CustomerType | null | undefined }) {
  const { t } = useTranslation('dealers');
  if (!type) return null;
  return <Badge tone="neutral">{t(`type.${type}`)}</Badge>;
}
