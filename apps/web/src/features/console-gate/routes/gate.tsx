import type { TGateAttendee, TScanOutcome } from '@club/shared/contract/event-day';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { Button, DataLoadError, SelectField, Spinner, TextField } from '../../../components/ui';
import { formatClubDate } from '../../../lib/club-time';
import {
  type GateAction,
  useCheckInList,
  useGateAction,
  useGateExperiences,
  useGateSearch,
} from '../api/gate';
import { OverrideDialog } from '../components/override-dialog';
import { buzz } from '../components/buzz';
import { ResultPanel } from '../components/result-panel';
import styles from '../components/gate.module.css';

/** What this phone serves: remembered on the device (one phone, one gate, all evening). */
const STORE_KEY = 'club.gate';
type Setup = { experience: number; list: number; gate: string };
const readSetup = (): Setup => {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}') as Partial<Setup>;
    return {
      experience: Number(saved.experience) || 0,
      list: Number(saved.list) || 0,
      gate: saved.gate ?? '',
    };
  } catch {
    return { experience: 0, list: 0, gate: '' };
  }
};

/**
 * The gate on the event day (issue 29, docs/event-day.md), made for a staff phone held in one hand
 * at 390 px: choose the experience and its list, type or paste the ticket's code (a hardware QR
 * scanner types it too; the phone's camera is a later step), or find the person by surname, order
 * number or club card; a big green "in" or a red refusal in words; the counts; an override that asks
 * for a reason; a check-out.
 */
export default function GatePage() {
  const { t, i18n } = useTranslation('console-gate');
  const [setup, setSetup] = useState<Setup>(readSetup);
  const experiences = useGateExperiences();
  const experience = experiences.data?.find((e) => e.id === setup.experience) ?? null;
  const listId = experience?.lists.some((l) => l.id === setup.list)
    ? setup.list
    : (experience?.lists[0]?.id ?? 0);
  const list = useCheckInList(listId);
  const action = useGateAction(listId);
  const [code, setCode] = useState('');
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  const [outcome, setOutcome] = useState<TScanOutcome | null>(null);
  const [overriding, setOverriding] = useState<TGateAttendee | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const search = useGateSearch(listId, debounced);

  useEffect(() => {
    localStorage.setItem(STORE_KEY, JSON.stringify(setup));
  }, [setup]);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query]);

  const gate = setup.gate.trim() || null;
  const act = (next: GateAction) =>
    action.mutate(next, {
      onSuccess: (answer) => {
        setOutcome(answer);
        buzz(answer.result);
      },
    });
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim() || listId === 0) return;
    act({ kind: 'scan', body: { code: code.trim(), gate } });
    setCode('');
    codeRef.current?.focus();
  };

  if (experiences.isPending) return <Spinner />;
  if (experiences.isError) return <DataLoadError onRetry={() => void experiences.refetch()} />;
  const counts = list.data?.counts;
  const en = i18n.language === 'en';

  return (
    <div className={styles.gate}>
      <ConsolePageHeader title={t('title')} lead={t('lead')} />
      <section className={styles.setup} aria-label={t('setup')}>
        <SelectField
          label={t('experience')}
          value={experience ? String(experience.id) : ''}
          onChange={(e) => {
            setOutcome(null);
            setSetup((s) => ({ ...s, experience: Number(e.target.value), list: 0 }));
          }}
        >
          <option value="">{t('chooseExperience')}</option>
          {experiences.data.map((e) => (
            <option key={e.id} value={e.id}>
              {`${e.name} · ${formatClubDate(e.start_date, i18n.language)}${e.start_time ? ` ${e.start_time}` : ''}`}
            </option>
          ))}
        </SelectField>
        {experience && experience.lists.length > 1 && (
          <SelectField
            label={t('list')}
            value={String(listId)}
            onChange={(e) => setSetup((s) => ({ ...s, list: Number(e.target.value) }))}
          >
            {experience.lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name ?? t('defaultList')}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label={t('gateLabel')}
          hint={t('gateHint')}
          value={setup.gate}
          maxLength={40}
          autoComplete="off"
          onChange={(e) => setSetup((s) => ({ ...s, gate: e.target.value }))}
        />
      </section>

      {experience === null ? (
        <p className={styles.muted}>{experiences.data.length ? t('chooseFirst') : t('noExperiences')}</p>
      ) : (
        <>
          <dl className={styles.counts} aria-label={t('counts.label')} aria-live="polite">
            {(['in', 'not_yet', 'expected'] as const).map((key) => (
              <div key={key} className={styles.count} data-testid={`gate-count-${key}`}>
                <dt>{t(`counts.${key}`)}</dt>
                <dd>{counts ? counts[key] : '–'}</dd>
              </div>
            ))}
          </dl>

          <form className={styles.scanForm} onSubmit={submitCode} aria-label={t('scanForm')}>
            <TextField
              ref={codeRef}
              label={t('code')}
              hint={t('codeHint')}
              value={code}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="go"
              maxLength={200}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" block loading={action.isPending} disabled={!code.trim()}>
              {t('check')}
            </Button>
          </form>

          <div aria-live="assertive" className={styles.resultSlot}>
            {action.isError && <p className={styles.failure}>{t('failed')}</p>}
            {outcome && !action.isError && (
              <ResultPanel
                outcome={outcome}
                lang={en ? 'en' : 'pl'}
                pending={action.isPending}
                onOverride={(a) => setOverriding(a)}
                onCheckOut={(a) => act({ kind: 'checkOut', body: { ticket_id: a.ticket_id, gate } })}
                onDismiss={() => {
                  setOutcome(null);
                  codeRef.current?.focus();
                }}
              />
            )}
          </div>

          <section className={styles.search} aria-label={t('search.label')}>
            <TextField
              type="search"
              label={t('search.label')}
              hint={t('search.hint')}
              value={query}
              autoComplete="off"
              maxLength={100}
              onChange={(e) => setQuery(e.target.value)}
            />
            {debounced.length >= 2 && search.isError && <p className={styles.failure}>{t('failed')}</p>}
            {debounced.length >= 2 && search.data && search.data.length === 0 && (
              <p className={styles.muted}>{t('search.none')}</p>
            )}
            {debounced.length >= 2 && search.data && search.data.length > 0 && (
              <ul className={styles.people}>
                {search.data.map((a) => (
                  <li key={a.ticket_id} className={styles.person}>
                    <div className={styles.personText}>
                      <strong>{`${a.name} ${a.surname}`.trim() || t('guest')}</strong>
                      <span className={styles.muted}>
                        {[
                          t('orderNo', { id: a.order_id }),
                          a.card_number,
                          a.status === 'VOID'
                            ? t('state.void')
                            : a.check_in && !a.check_in.checked_out_at
                              ? t('state.in')
                              : t('state.notYet'),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </div>
                    <Button
                      size="small"
                      variant={
                        a.status === 'VOID' || (a.check_in && !a.check_in.checked_out_at)
                          ? 'secondary'
                          : 'primary'
                      }
                      onClick={() => act({ kind: 'checkIn', body: { ticket_id: a.ticket_id, gate } })}
                      disabled={action.isPending}
                      aria-label={t('letInNamed', { name: `${a.name} ${a.surname}`.trim() })}
                    >
                      {t('letIn')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <OverrideDialog
        attendee={overriding}
        pending={action.isPending}
        error={action.error}
        onCancel={() => setOverriding(null)}
        onConfirm={(reason) =>
          overriding &&
          action.mutate(
            { kind: 'override', body: { ticket_id: overriding.ticket_id, gate, reason } },
            {
              onSuccess: (answer) => {
                setOverriding(null);
                setOutcome(answer);
                buzz(answer.result);
              },
            },
          )
        }
      />
    </div>
  );
}
