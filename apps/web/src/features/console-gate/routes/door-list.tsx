import type { TDoorListAttendee } from '@club/shared/contract/check-in-lists';
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { LoadStatus } from '../../../components/console/load-status';
import { Button, EmptyState, SelectField, TextField, usePopup } from '../../../components/ui';
import { CheckIcon } from '../../../components/ui/icons';
import { CLUB_TIME_ZONE, formatClubDate } from '../../../lib/club-time';
import { useDoorList, useTick } from '../api/check-in-lists';
import { useGateExperiences } from '../api/gate';
import styles from '../components/door-list.module.css';
import gateStyles from '../components/gate.module.css';
import { ExperiencePicker, gateOnDevice } from '../components/experience-picker';
import { GateTabs } from '../components/gate-tabs';

/** Lower case without Polish (or any) diacritics, so "lodz" finds "Łódź". */
const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

const isIn = (a: TDoorListAttendee) => a.in_at !== null && a.checked_out_at === null;

/**
 * The door list (issue 29, docs/event-day.md): everyone with a ticket for the experience, by surname,
 * with a tick for who is in on this list. A tick lets the person in through the gate's check-in
 * (after a confirmation); unticking checks them out where the list keeps check-outs. Searchable on
 * the phone, printed as a clean A4 table for a door without a phone.
 */
export default function DoorListPage() {
  const { t, i18n } = useTranslation('console-gate');
  const popup = usePopup();
  const [params, setParams] = useSearchParams();
  const experiences = useGateExperiences();
  const [chosenExperience, setChosenExperience] = useState(0);
  const [query, setQuery] = useState('');

  const all = experiences.data ?? [];
  const device = gateOnDevice();
  const wanted = Number(params.get('list')) || device.list;
  const owner =
    all.find((e) => e.lists.some((l) => l.id === wanted)) ?? all.find((e) => e.id === device.experience);
  const experience = all.find((e) => e.id === chosenExperience) ?? owner ?? null;
  const listId = experience?.lists.some((l) => l.id === wanted) ? wanted : (experience?.lists[0]?.id ?? 0);
  const door = useDoorList(listId);
  const tick = useTick(listId);

  const shown = useMemo(() => {
    const rows = door.data?.attendees ?? [];
    const q = fold(query.trim().replace(/^#/, ''));
    if (!q) return rows;
    return rows.filter(
      (a) =>
        fold(`${a.surname} ${a.name}`).includes(q) ||
        fold(`${a.name} ${a.surname}`).includes(q) ||
        String(a.order_id) === q,
    );
  }, [door.data, query]);

  if (!experiences.data) return <LoadStatus query={experiences} />;

  const chooseList = (id: number) => setParams(id ? { list: String(id) } : {}, { replace: true });
  const fullName = (a: TDoorListAttendee) => `${a.name} ${a.surname}`.trim() || t('guest');
  const list = door.data?.list;
  const clock = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
    timeStyle: 'short',
    timeZone: CLUB_TIME_ZONE,
  });
  const listName = list ? (list.name ?? t('defaultList')) : '';

  const toggle = async (a: TDoorListAttendee) => {
    const goingIn = !isIn(a);
    const ok = await popup.confirm(
      goingIn
        ? {
            title: t('door.confirmInTitle', { name: fullName(a) }),
            body: t('door.confirmIn'),
            confirmLabel: t('letIn'),
          }
        : {
            title: t('door.confirmOutTitle', { name: fullName(a) }),
            body: t('door.confirmOut'),
            confirmLabel: t('checkOut'),
          },
    );
    if (!ok) return;
    tick.mutate(
      { ticket_id: a.ticket_id, in: goingIn },
      {
        onSuccess: (answer) => {
          if (goingIn && answer.result !== 'IN')
            void popup.warning(
              null,
              t(`door.refused.${answer.result}`, t('failed')),
              t(`result.${answer.result}`),
            );
        },
        onError: (error) => void popup.warning(error, t('failed')),
      },
    );
  };

  const print = () => {
    // Paper gets everyone, whatever the search shows.
    flushSync(() => setQuery(''));
    window.print();
  };

  return (
    <div className={styles.page}>
      <ConsolePageHeader
        title={t('door.title')}
        lead={t('door.lead')}
        actions={
          door.data && door.data.attendees.length > 0 ? (
            <Button variant="secondary" onClick={print}>
              {t('door.print')}
            </Button>
          ) : undefined
        }
      />
      <GateTabs />
      <section className={styles.controls} aria-label={t('setup')}>
        <ExperiencePicker
          experiences={all}
          value={experience?.id ?? 0}
          onChange={(id) => {
            setChosenExperience(id);
            chooseList(all.find((e) => e.id === id)?.lists[0]?.id ?? 0);
          }}
        />
        {experience && experience.lists.length > 1 && (
          <SelectField
            label={t('list')}
            value={String(listId)}
            onChange={(e) => chooseList(Number(e.target.value))}
          >
            {experience.lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name ?? t('defaultList')}
              </option>
            ))}
          </SelectField>
        )}
      </section>

      {experience === null ? (
        <p className={styles.muted}>{all.length ? t('chooseFirst') : t('noExperiences')}</p>
      ) : listId === 0 ? (
        <EmptyState>{t('door.noTickets')}</EmptyState>
      ) : !door.data ? (
        <LoadStatus query={door} />
      ) : (
        <>
          {door.data.attendees.length > 0 && (
            <div className={styles.controls}>
              <TextField
                type="search"
                label={t('door.search')}
                hint={t('door.searchHint')}
                value={query}
                autoComplete="off"
                maxLength={100}
                onChange={(e) => setQuery(e.target.value)}
              />
              <p className={styles.muted} aria-live="polite">
                {query.trim()
                  ? t('door.shown', { count: shown.length, total: door.data.attendees.length })
                  : t('door.everyone', { count: door.data.attendees.length })}
                {list && !list.allows_check_out ? ` ${t('door.noCheckOut')}` : ''}
              </p>
            </div>
          )}
          <section className={styles.sheet} aria-label={t('door.sheet', { list: listName })}>
            <div className={styles.printHead}>
              <h2>{door.data.experience.name}</h2>
              <p>
                {[
                  formatClubDate(door.data.experience.start_date, i18n.language),
                  door.data.experience.start_time,
                  door.data.experience.place,
                  listName,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p>{t('door.printCounts', door.data.counts)}</p>
            </div>
            <dl className={`${gateStyles.counts} ${styles.screenCounts}`} aria-label={t('counts.label')}>
              {(['in', 'not_yet', 'expected'] as const).map((key) => (
                <div key={key} className={gateStyles.count} data-testid={`door-count-${key}`}>
                  <dt>{t(`counts.${key}`)}</dt>
                  <dd>{door.data.counts[key]}</dd>
                </div>
              ))}
            </dl>
            {door.data.attendees.length === 0 ? (
              <EmptyState>{t('door.empty')}</EmptyState>
            ) : shown.length === 0 ? (
              <p className={styles.muted}>{t('search.none')}</p>
            ) : (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th className={styles.tickCell} scope="col">
                      {t('door.in')}
                    </th>
                    <th scope="col">{t('door.person')}</th>
                    <th className={styles.orderCell} scope="col">
                      {t('door.order')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((a) => {
                    const inNow = isIn(a);
                    const locked = inNow && !list?.allows_check_out;
                    return (
                      <tr key={a.ticket_id} className={inNow ? styles.rowIn : undefined}>
                        <td className={styles.tickCell}>
                          <button
                            type="button"
                            role="checkbox"
                            aria-checked={inNow}
                            data-state={inNow ? 'checked' : 'unchecked'}
                            className={styles.tick}
                            disabled={tick.isPending || locked}
                            aria-label={t('door.tickLabel', { name: fullName(a) })}
                            title={locked ? t('door.noCheckOut') : undefined}
                            onClick={() => void toggle(a)}
                          >
                            <span className={styles.box}>{inNow && <CheckIcon />}</span>
                          </button>
                        </td>
                        <td>
                          <div className={styles.person}>
                            <span>
                              <span className={styles.surname}>{a.surname || t('guest')}</span> {a.name}
                            </span>
                            <span className={styles.meta}>
                              {[
                                a.is_member ? t('door.member') : t('guest'),
                                a.status === 'VOID' ? t('state.void') : null,
                                inNow && a.in_at
                                  ? t('door.inAt', {
                                      time: clock.format(new Date(a.in_at)),
                                    })
                                  : null,
                              ]
                                .filter(Boolean)
                                .join(' · ')}
                            </span>
                          </div>
                        </td>
                        <td className={styles.orderCell}>#{a.order_id}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
