import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConsolePageHeader } from '../../../components/console/page-header';
import {
  Button,
  buttonClass,
  DataLoadError,
  Spinner,
  usePopup,
  TitledSection,
  type SectionLook,
} from '../../../components/ui';
import { consolePaths } from '../../../config/console';
import { ApiError } from '../../../lib/api-client';
import { useMail, useResendMail } from '../api/mail';
import { MailStateBadge, useClubTime } from '../components/mail-state';
import styles from '../components/console-mail.module.css';

/** The message's parts (HTML, text, attachments) are titled alike. */
const sectionLook: SectionLook = { section: styles.part, title: styles.partTitle };

/**
 * The mail's HTML in a frame that can do nothing but show it: `sandbox` without any permission (no
 * scripts, no forms, no navigation, an opaque origin) and a CSP of its own that blocks scripts,
 * fonts, frames and every request but inline styles and data: images.
 */
const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
export const previewDocument = (html: string) => {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`) : meta + html;
};

const kilobytes = (bytes: number, lang: string) =>
  new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'pl-PL', { maximumFractionDigits: 1 }).format(bytes / 1024);

/** One mail: its delivery state, the HTML as the member saw it, the text part, attachments; resend a failed one. */
export default function MailItemPage() {
  const { t, i18n } = useTranslation('console-mail');
  const id = Number(useParams().id);
  const mail = useMail(id);
  const resend = useResendMail(id);
  const popup = usePopup();
  const when = useClubTime();
  const back = (
    <Link className={buttonClass('ghost', 'small')} to={consolePaths.mail}>
      {t('back')}
    </Link>
  );

  if (mail.isPending && mail.fetchStatus !== 'idle') return <Spinner />;
  if (!mail.data) {
    const missing = !Number.isInteger(id) || (mail.error instanceof ApiError && mail.error.status === 404);
    return (
      <>
        <ConsolePageHeader title={t('title')} actions={back} />
        {missing ? (
          <p role="status">{t('notFound')}</p>
        ) : (
          <DataLoadError onRetry={() => void mail.refetch()} />
        )}
      </>
    );
  }
  const m = mail.data;

  const confirmResend = async () => {
    if (!(await popup.confirm({ body: t('confirmResend', { to: m.to }), confirmLabel: t('resend') }))) return;
    resend.mutate(undefined, {
      onSuccess: (after) =>
        void (after.state === 'failed'
          ? popup.warning(null, t('resentFailed', { error: after.error ?? '' }))
          : popup.success(t(after.state === 'sent' ? 'resentSent' : 'resentQueued', { to: after.to }))),
      onError: (error) => void popup.warning(error),
    });
  };

  return (
    <>
      <ConsolePageHeader
        title={m.subject}
        lead={t('leadOne', {
          to: m.to,
          template: t(`template.${m.template}`, { defaultValue: m.template }),
          language: t(`language.${m.language}`),
        })}
        actions={
          <>
            {back}
            {m.state === 'failed' && (
              <Button size="small" loading={resend.isPending} onClick={() => void confirmResend()}>
                {t('resend')}
              </Button>
            )}
          </>
        }
      />
      <dl className={styles.facts}>
        <div>
          <dt>{t('columns.state')}</dt>
          <dd>
            <MailStateBadge state={m.state} />
          </dd>
        </div>
        <div>
          <dt>{t('columns.attempts')}</dt>
          <dd>{m.attempts}</dd>
        </div>
        <div>
          <dt>{t('columns.created_at')}</dt>
          <dd>{when(m.created_at)}</dd>
        </div>
        <div>
          <dt>{t('lastAttempt')}</dt>
          <dd>{when(m.last_attempt_at)}</dd>
        </div>
        <div>
          <dt>{t('columns.sent_at')}</dt>
          <dd>{when(m.sent_at)}</dd>
        </div>
        {m.error && (
          <div className={styles.factWide}>
            <dt>{t('error')}</dt>
            <dd className={styles.error}>{m.error}</dd>
          </div>
        )}
      </dl>

      <TitledSection id="mail-html" title={t('htmlPart')} look={sectionLook}>
        {m.html ? (
          <iframe
            className={styles.preview}
            title={t('htmlPreview', { subject: m.subject })}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={previewDocument(m.html)}
          />
        ) : (
          <p className={styles.muted}>{t('noHtml')}</p>
        )}
      </TitledSection>

      <TitledSection id="mail-text" title={t('textPart')} look={sectionLook}>
        <pre className={styles.text} data-testid="mail-text">
          {m.text}
        </pre>
      </TitledSection>

      <TitledSection id="mail-files" title={t('attachments')} look={sectionLook}>
        {m.attachment_files.length === 0 ? (
          <p className={styles.muted}>{t('noAttachments')}</p>
        ) : (
          <ul className={styles.files}>
            {m.attachment_files.map((file) => (
              <li key={file.filename}>
                <span className={styles.recipient}>{file.filename}</span>{' '}
                <span className={styles.muted}>
                  {file.content_type.split(';')[0]} · {kilobytes(file.size, i18n.language)} KB
                </span>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>
    </>
  );
}
