import type { TGateAttendee, TScanOutcome } from '@club/shared/contract/event-day';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { Button, DataLoadError, SelectField, Spinner, TextField } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { formatClubDate } from '../../../lib/club-time';
import { useSession } from '../../../lib/session';
import { authContract } from '@club/shared/contract/auth';
import { fetchData } from '../../../lib/endpoint';
import {
  type GateAction,
  useCheckInList,
  useGateAction,
  useGateExperiences,
  useGateSearch,
} from '../api/gate';
import { OverrideDialog } from '../components/override-dialog';
import { buzz } from '../components/buzz';
import { GateTabs } from '../components/gate-tabs';
import { ResultPanel } from '../components/result-panel';
import styles from '../components/gate.module.css';
import { countsOf, searchOffline } from '../offline/decide';
import {
  isTrustedOffline,
  rememberGateSession,
  setTrustedOffline,
  subscribeTrusted,
} from '../../../lib/gate-session';
import { OfflinePanel } from '../offline/offline-panel';
import { registerGateApp } from '../offline/register';
import { useOfflineGate } from '../offline/use-offline-gate';

/** The camera and its decoder load when a gate first taps "scan". */
const CameraDialog = lazy(() => import('../camera/camera-dialog'));

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
  const { user, setUser, clear } = useSession();
  // Started without network on the remembered staff member (lib/gate-session.ts): nothing is
  // sent until the server has confirmed the session.
  const trusted = useSyncExternalStore(subscribeTrusted, isTrustedOffline, isTrustedOffline);
  const offline = useOfflineGate(listId, user ? `${user.name} ${user.surname}`.trim() : null, !trusted);
  const [camera, setCamera] = useState(false);
  const [noCopy, setNoCopy] = useState(false);

  // The gate is an installable app with its own service worker (offline/register.ts).
  useEffect(() => registerGateApp(), []);

  // A confirmed session is remembered for a start without network; a remembered one is confirmed
  // as soon as the network is there: the real session (and its CSRF token) takes over, or, if it has
  // ended, staff sign in again (the splash, then the sign-in) and the queue waits on the device.
  useEffect(() => {
    if (user && !trusted) rememberGateSession(user);
  }, [user, trusted]);
  useEffect(() => {
    if (!trusted || !offline.online) return;
    let live = true;
    fetchData(authContract.me)
      .then((me) => {
        if (!live) return;
        setUser(me);
        setTrustedOffline(false);
      })
      .catch((error: unknown) => {
        if (!live || !(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) return;
        setTrustedOffline(false);
        clear();
      });
    return () => {
      live = false;
    };
  }, [trusted, offline.online, setUser, clear]);

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
  const show = (answer: TScanOutcome) => {
    setNoCopy(false);
    setOutcome(answer);
    buzz(answer.result);
  };
  /**
   * A code typed, pasted or read by the camera: asked of the server while online; decided from the
   * device's copy offline, or when the server cannot be reached (docs/event-day.md).
   */
  const scanCode = (value: string) => {
    if (!offline.online) {
      if (offline.copy) void offline.scan(value, gate).then(show);
      else {
        setOutcome(null);
        setNoCopy(true);
      }
      return;
    }
    action.mutate(
      { kind: 'scan', body: { code: value, gate } },
      {
        onSuccess: show,
        onError: (error) => {
          if (!(error instanceof ApiError && error.code === 'NETWORK') || !offline.copy) return;
          action.reset();
          void offline.scan(value, gate).then(show);
        },
      },
    );
  };
  /**
   * An override or a check-out: sent to the server while online; offline (or when the server cannot
   * be reached) decided on the device's copy and queued like an admission.
   */
  const offlineOr = (onDevice: () => Promise<TScanOutcome>, online: GateAction, done?: () => void) => {
    const fallBack = () =>
      void onDevice().then((answer) => {
        done?.();
        show(answer);
      });
    if (!offline.online && offline.copy) return fallBack();
    action.mutate(online, {
      onSuccess: (answer) => {
        done?.();
        show(answer);
      },
      onError: (error) => {
        if (!(error instanceof ApiError && error.code === 'NETWORK') || !offline.copy) return;
        action.reset();
        fallBack();
      },
    });
  };
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim() || listId === 0) return;
    scanCode(code.trim());
    setCode('');
    codeRef.current?.focus();
  };

  if (experiences.isPending) return <Spinner />;
  if (experiences.isError) return <DataLoadError onRetry={() => void experiences.refetch()} />;
  const fromCopy = !offline.online && offline.copy ? offline.copy : null;
  const counts = fromCopy ? countsOf(fromCopy) : list.data?.counts;
  // Offline, the search is the copy's (docs/event-day.md).
  const people = fromCopy ? searchOffline(fromCopy, debounced) : search.data;
  const en = i18n.language === 'en';

  return (
    <div className={styles.gate}>
      <ConsolePageHeader title={t('title')} lead={t('lead')} />
      <GateTabs />
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
            <div className={styles.scanButtons}>
              <Button type="submit" block loading={action.isPending} disabled={!code.trim()}>
                {t('check')}
              </Button>
              <Button type="button" variant="secondary" block onClick={() => setCamera(true)}>
                {t('camera.open')}
              </Button>
            </div>
          </form>
          <Suspense fallback={null}>
            {camera && (
              <CameraDialog
                open
                onClose={() => setCamera(false)}
                onCode={(read) => {
                  setCamera(false);
                  scanCode(read);
                }}
              />
            )}
          </Suspense>

          <div aria-live="assertive" className={styles.resultSlot}>
            {action.isError && <p className={styles.failure}>{t('failed')}</p>}
            {noCopy && <p className={styles.failure}>{t('offline.cannotCheck')}</p>}
            {outcome && !action.isError && (
              <ResultPanel
                outcome={outcome}
                lang={en ? 'en' : 'pl'}
                pending={action.isPending || (!offline.online && !offline.copy)}
                onOverride={(a) => setOverriding(a)}
                onCheckOut={
                  (fromCopy?.list ?? list.data?.list)?.allows_check_out
                    ? (a) =>
                        offlineOr(() => offline.checkOut(a.ticket_id, gate), {
                          kind: 'checkOut',
                          body: { ticket_id: a.ticket_id, gate },
                        })
                    : undefined
                }
                onDismiss={() => {
                  setOutcome(null);
                  codeRef.current?.focus();
                }}
              />
            )}
          </div>

          <OfflinePanel offline={offline} remembered={trusted ? user : null} />

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
            {debounced.length >= 2 && !fromCopy && search.isError && (
              <p className={styles.failure}>{t('failed')}</p>
            )}
            {debounced.length >= 2 && people && people.length === 0 && (
              <p className={styles.muted}>{t('search.none')}</p>
            )}
            {debounced.length >= 2 && people && people.length > 0 && (
              <ul className={styles.people}>
                {people.map((a) => (
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
                      onClick={() =>
                        fromCopy
                          ? void offline.admit(a.ticket_id, gate).then(show)
                          : act({ kind: 'checkIn', body: { ticket_id: a.ticket_id, gate } })
                      }
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
          offlineOr(
            () => offline.override(overriding.ticket_id, gate, reason),
            { kind: 'override', body: { ticket_id: overriding.ticket_id, gate, reason } },
            () => setOverriding(null),
          )
        }
      />
    </div>
  );
}
