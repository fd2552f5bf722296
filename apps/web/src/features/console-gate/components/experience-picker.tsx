import type { TGateExperience } from '@club/shared/contract/event-day';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui';
import { formatClubDate } from '../../../lib/club-time';

/** The experience a screen of the event day works on: its name, date and time. */
export function ExperiencePicker({
  experiences,
  value,
  onChange,
}: {
  experiences: TGateExperience[];
  value: number;
  onChange: (id: number) => void;
}) {
  const { t, i18n } = useTranslation('console-gate');
  return (
    <SelectField
      label={t('experience')}
      value={value ? String(value) : ''}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      <option value="">{t('chooseExperience')}</option>
      {experiences.map((e) => (
        <option key={e.id} value={e.id}>
          {`${e.name} · ${formatClubDate(e.start_date, i18n.language)}${e.start_time ? ` ${e.start_time}` : ''}`}
        </option>
      ))}
    </SelectField>
  );
}

/** What the gate on this phone serves (kept by the gate screen), to open the same experience and list. */
export function gateOnDevice(): { experience: number; list: number } {
  try {
    const saved = JSON.parse(localStorage.getItem('club.gate') ?? '{}') as {
      experience?: unknown;
      list?: unknown;
    };
    return { experience: Number(saved.experience) || 0, list: Number(saved.list) || 0 };
  } catch {
    return { experience: 0, list: 0 };
  }
}
