import type { MailState } from '@club/shared/schemas/admin-mail';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui';

const TONE: Record<MailState, BadgeTone> = { queued: 'warning', sent: 'success', failed: 'danger' };

/** A mail's delivery state as a badge: queued, sent, failed. */
export function MailStateBadge({ state }: { state: MailState }) {
  const { t } = useTranslation('console-mail');
  return <Badge tone={TONE[state]}>{t(`state.${state}`)}</Badge>;
}

/** "25.11.2026, 13:05" in the club's time zone. */
export function useClubTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Warsaw',
  });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : '—');
}
