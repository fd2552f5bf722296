import type { PrivacyExportFormat, TPrivacyExport } from '@club/shared/schemas/privacy-export';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, Button, DataLoadError, errorText, Spinner } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { useUserType } from '../../../lib/session';
import { useDownloadExportFile } from '../api/download-file';
import { useExportState } from '../api/export-state';
import { useRequestExport } from '../api/request-export';
import styles from './my-data.module.css';

const FORMATS: PrivacyExportFormat[] = ['json', 'html'];

function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'pl-PL';
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });
  const size = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  return {
    date: (iso: string) => when.format(new Date(iso)),
    size: (bytes: number) => size.format(Math.max(1, Math.round(bytes / 1024))),
  };
}

/** The files of a ready copy: one button each, then when it was downloaded. */
function ReadyFiles({ copy }: { copy: TPrivacyExport }) {
  const { t } = useTranslation('privacy');
  const format = useFormats();
  const download = useDownloadExportFile();
  return (
    <>
      <ul className={styles.files}>
        {FORMATS.map((f) => {
          const file = copy.files.find((x) => x.format === f);
          if (!file) return null;
          return (
            <li key={f} className={styles.file}>
              {file.downloaded_at ? (
                <Badge tone="success">{t('downloaded', { date: format.date(file.downloaded_at) })}</Badge>
              ) : (
                <Button
                  variant={f === 'html' ? 'primary' : 'secondary'}
                  loading={download.isPending && download.variables?.format === f}
                  disabled={download.isPending}
                  onClick={() => download.mutate({ id: copy.id, format: f })}
                >
                  {t(f === 'json' ? 'downloadJson' : 'downloadHtml')}
                </Button>
              )}
              <span className={styles.fileMeta}>
                {t(`formats.${f}`)} · {format.size(file.bytes)}
              </span>
            </li>
          );
        })}
      </ul>
      {download.isError && (
        <p className={styles.error} role="alert">
          {errorText(download.error, t('downloadFailed'))}
        </p>
      )}
    </>
  );
}

/** Where the member's latest copy stands, in words, with what can be done next. */
function CopyStatus({ copy }: { copy: TPrivacyExport }) {
  const { t } = useTranslation('privacy');
  const format = useFormats();
  const date = format.date(copy.requested_at);
  if (copy.status === 'QUEUED' || copy.status === 'BUILDING')
    return (
      <div className={styles.status}>
        <Spinner size="small" label={t('preparing')} />
        <div>
          <p className={styles.statusTitle}>{t('preparing')}</p>
          <p className={styles.statusText}>{t('preparingText')}</p>
        </div>
      </div>
    );
  if (copy.status === 'READY')
    return (
      <div className={styles.status} data-state="ready">
        <div>
          <p className={styles.statusTitle}>{t('ready', { date })}</p>
          <p className={styles.statusText}>{t('readyText', { until: format.date(copy.expires_at!) })}</p>
          <ReadyFiles copy={copy} />
        </div>
      </div>
    );
  const failed = copy.status === 'FAILED';
  return (
    <div className={styles.status} data-state={failed ? 'failed' : 'expired'}>
      <div>
        <p className={styles.statusTitle}>{t(failed ? 'failed' : 'expired', { date })}</p>
        <p className={styles.statusText}>{t(failed ? 'failedText' : 'expiredText')}</p>
      </div>
    </div>
  );
}

/**
 * My data (issue 31, RODO art. 15 and 20): the member asks for a copy of everything the club keeps
 * about them, follows it while it is prepared (the screen asks again every few seconds), and
 * downloads each file once: JSON for another service, an HTML document to read or print.
 */
export default function MyDataPage() {
  const { t } = useTranslation('privacy');
  const state = useExportState();
  const ask = useRequestExport();
  const isDealer = useUserType() === 'dealer';
  const copy = state.data?.export ?? null;
  const busy = copy?.status === 'QUEUED' || copy?.status === 'BUILDING';

  return (
    <section className={styles.panel} aria-labelledby="my-data-title">
      <h2 id="my-data-title" className={styles.title}>
        {t('title')}
      </h2>
      <p className={styles.lead}>{t('lead')}</p>
      <h3 className={styles.subtitle}>{t('formats.title')}</h3>
      <dl className={styles.formats}>
        {FORMATS.map((f) => (
          <div key={f} className={styles.format}>
            <dt>{t(`formats.${f}`)}</dt>
            <dd>{t(`formats.${f}Text`)}</dd>
          </div>
        ))}
      </dl>
      {state.data && <p className={styles.how}>{t('how', { count: state.data.keep_hours })}</p>}
      {isDealer && (
        <p className={styles.note} role="note">
          {t('dealerNote')}
        </p>
      )}

      <div aria-live="polite" className={styles.live}>
        {state.isPending ? (
          <Spinner />
        ) : state.isError ? (
          <DataLoadError onRetry={() => void state.refetch()} />
        ) : (
          copy && <CopyStatus copy={copy} />
        )}
      </div>

      {state.isSuccess && !busy && (
        <div className={styles.actions}>
          <Button
            variant={copy?.status === 'READY' ? 'ghost' : 'primary'}
            loading={ask.isPending}
            onClick={() => ask.mutate()}
          >
            {t(copy ? 'requestAgain' : 'request')}
          </Button>
        </div>
      )}
      {ask.isError && (
        <p className={styles.error} role="alert">
          {errorText(ask.error, t('requestFailed'))}
        </p>
      )}

      <p className={styles.consents}>
        {t('consents')} <Link to={paths.userInfo}>{t('consentsLink')}</Link>.
      </p>
    </section>
  );
}
