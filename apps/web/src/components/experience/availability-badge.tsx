import { type AvailabilityInput, availabilityBadge } from '@club/shared/availability';
import { useTranslation } from 'react-i18next';
import { Badge } from '../ui';

const TONES = { 'sold-out': 'danger', available: 'success', 'low-availability': 'warning' } as const;

/** SPEC.md §4: sold out / available / low availability, shown when no notification can be set. */
export function AvailabilityBadge({ product, lang }: { product: AvailabilityInput; lang?: string }) {
  const { t } = useTranslation('experiences', lang ? { lng: lang } : undefined);
  const badge = availabilityBadge(product);
  if (!badge) return null;
  return <Badge tone={TONES[badge]}>{t(`availability.${badge}`)}</Badge>;
}
