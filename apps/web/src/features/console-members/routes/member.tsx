import { AGREEMENT_TERMS } from '@club/shared';
import { type ConsentFlag, consentText } from '@club/shared/consents';
import type { TConsentEvent } from '@club/shared/schemas/privacy';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConsolePageHeader } from '../../../components/console/page-header';
import {
  Badge,
  Button,
  buttonClass,
  DataLoadError,
  type SectionLook,
  Spinner,
  TitledSection,
  usePopup,
} from '../../../components/ui';
import { consolePaths, mayOpen } from '../../../config/console';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useMember, useRevealPesel } from '../api/members';
import styles from '../components/console-members.module.css';
import { MemberPhotos } from '../components/member-photos';
import { RemoveMember } from '../components/remove-member';
import { StaffExport } from '../components/staff-export';

const sectionLook: SectionLook = { section: styles.part, title: styles.partTitle };

/** A consent's words; a marketing channel with the marketing lead. */
function consentWords(lang: 'pl' | 'en', flag: string) {
  const text = consentText(lang, flag as ConsentFlag);
  return flag.startsWith('term_4') ? `${consentText(lang, 'marketing').replace(/:\s*$/, '')}: ${text}` : text;
}

/**
 * One member or dealer for staff (issue 31): who they are, their consents now and every change of
 * them, and a dealer's bonus data with the PESEL masked; an administrator may reveal the whole
 * number, and each reveal is written to the audit log.
 */
export default function MemberPage() {
  const { t, i18n } = useTranslation('console-members');
  const lang = i18n.language === 'en' ? 'en' : 'pl';
  const id = Number(useParams().id);
  const member = useMember(id);
  const reveal = useRevealPesel(id);
  const popup = usePopup();
  const { user } = useSession();
  const isAdmin = mayOpen('admin', user?.type);
  const when = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'pl-PL', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Warsaw',
  });
  const back = (
    <Link className={buttonClass('ghost', 'small')} to={consolePaths.members}>
      {t('back')}
    </Link>
  );

  if (member.isPending && member.fetchStatus !== 'idle') return <Spinner />;
  if (!member.data) {
    const missing =
      !Number.isInteger(id) || (member.error instanceof ApiError && member.error.status === 404);
    return (
      <>
        <ConsolePageHeader title={t('title')} actions={back} />
        {missing ? (
          <p role="status">{t('notFound')}</p>
        ) : (
          <DataLoadError onRetry={() => void member.refetch()} />
        )}
      </>
    );
  }
  const m = member.data;
  const source = (e: TConsentEvent) => t(`source.${e.backfill ? 'backfill' : e.source}`);

  const confirmReveal = async () => {
    if (
      !(await popup.confirm({ title: t('revealTitle'), body: t('revealConfirm'), confirmLabel: t('reveal') }))
    )
      return;
    reveal.mutate(undefined, { onError: (error) => void popup.warning(error) });
  };

  return (
    <>
      <ConsolePageHeader
        title={`${m.name} ${m.surname}`.trim() || m.email}
        lead={t('leadOne', { email: m.email })}
        actions={back}
      />
      <dl className={styles.facts}>
        <div>
          <dt>{t('facts.type')}</dt>
          <dd>
            <Badge tone={m.type === 'DEALER' ? 'gold' : 'neutral'}>{t(`type.${m.type}`)}</Badge>
          </dd>
        </div>
        <div>
          <dt>{t('facts.email')}</dt>
          <dd className={styles.wrap}>{m.email}</dd>
        </div>
        <div>
          <dt>{t('facts.createdAt')}</dt>
          <dd>{when.format(new Date(m.created_at))}</dd>
        </div>
      </dl>

      {m.bonus && (
        <TitledSection id="member-bonus" title={t('bonus.title')} look={sectionLook}>
          <dl className={styles.facts}>
            <div>
              <dt>{t('bonus.joinedAt')}</dt>
              <dd>{when.format(new Date(m.bonus.joined_at))}</dd>
            </div>
            <div>
              <dt>{t('bonus.taxationForm')}</dt>
              <dd>{m.bonus.taxation_form}</dd>
            </div>
            <div>
              <dt>{t('bonus.taxOffice')}</dt>
              <dd>{m.bonus.tax_office ?? t('empty')}</dd>
            </div>
            <div>
              <dt>{t('bonus.taxNumber')}</dt>
              <dd>{m.bonus.tax_number ?? t('empty')}</dd>
            </div>
            <div className={styles.factWide}>
              <dt>PESEL</dt>
              <dd className={styles.pesel}>
                {m.bonus.pesel_masked === null ? (
                  t('empty')
                ) : (
                  <>
                    <span className={styles.number} data-testid="pesel">
                      {reveal.data?.pesel ?? m.bonus.pesel_masked}
                    </span>
                    {reveal.data ? (
                      <span className={styles.muted} role="status">
                        {t('revealed')}
                      </span>
                    ) : isAdmin ? (
                      <Button
                        size="small"
                        variant="secondary"
                        loading={reveal.isPending}
                        onClick={() => void confirmReveal()}
                      >
                        {t('reveal')}
                      </Button>
                    ) : (
                      <span className={styles.muted}>{t('maskedNote')}</span>
                    )}
                  </>
                )}
              </dd>
            </div>
          </dl>
        </TitledSection>
      )}

      {m.type === 'CUSTOMER' && (
        <TitledSection id="member-consents" title={t('consents.title')} look={sectionLook}>
          <ul className={styles.consents}>
            {AGREEMENT_TERMS.map((key) => (
              <li key={key}>
                <Badge tone={m.consents[key] ? 'gold' : 'neutral'}>
                  {t(m.consents[key] ? 'consents.given' : 'consents.notGiven')}
                </Badge>
                <span>{consentWords(lang, key)}</span>
              </li>
            ))}
          </ul>
        </TitledSection>
      )}

      {m.type === 'CUSTOMER' && (
        <TitledSection id="member-history" title={t('history.title')} look={sectionLook}>
          {m.consent_history.length === 0 ? (
            <p className={styles.muted}>{t('history.empty')}</p>
          ) : (
            <ol className={styles.history} data-testid="consent-history">
              {m.consent_history.map((e) => (
                <li key={e.id}>
                  <time className={styles.when} dateTime={e.at}>
                    {when.format(new Date(e.at))}
                  </time>
                  <div className={styles.what}>
                    <span className={styles.headline}>
                      <Badge tone={e.given ? 'gold' : 'neutral'}>
                        {t(e.given ? 'consents.given' : 'consents.withdrawn')}
                      </Badge>
                      <span>{consentWords(lang, e.consent)}</span>
                    </span>
                    <span className={styles.muted}>
                      {source(e)}
                      {e.wording_version && ` · ${t('history.version', { version: e.wording_version })}`}
                    </span>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </TitledSection>
      )}

      <MemberPhotos photos={m.photos} look={sectionLook} />
      <StaffExport member={m} look={sectionLook} />
      {isAdmin && <RemoveMember member={m} look={sectionLook} />}
    </>
  );
}
