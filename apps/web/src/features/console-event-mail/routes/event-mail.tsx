import type { TAttendeeMailPreview } from '@club/shared/contract/event-mail';
import {
  ATTENDEE_MAIL_AUDIENCES,
  type AttendeeMailAudience,
  type TAttendeeMailInput,
  ZAttendeeMailInput,
} from '@club/shared/schemas/event-mail';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConsolePageHeader } from '../../../components/console/page-header';
import {
  Button,
  DataLoadError,
  RadioGroupField,
  SelectField,
  Spinner,
  TextField,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import { formatClubDate } from '../../../lib/club-time';
import {
  useAttendeeMail,
  useAttendeeMails,
  useMailExperiences,
  usePreviewAttendeeMail,
  useSendAttendeeMail,
} from '../api/event-mail';
import styles from '../components/event-mail.module.css';

const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
/** The mail's HTML in a frame that can do nothing but show it (no scripts, no requests). */
const previewDocument = (html: string) =>
  html.replace(
    /<head[^>]*>/i,
    (head) => `${head}<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`,
  );

type Values = TAttendeeMailInput;
const EMPTY: Values = {
  product_id: 0,
  audience: 'ALL',
  subject_pl: '',
  subject_en: '',
  body_pl: '',
  body_en: '',
};

/**
 * Mail to the people who come (issue 29): choose an experience and a group, write in both
 * languages, see the mail as each language reads it and how many it reaches, confirm, send. Below,
 * what was sent to that experience and who received it.
 */
export default function EventMailPage() {
  const { t, i18n } = useTranslation('console-event-mail');
  const experiences = useMailExperiences();
  const form = useForm<Values>({ resolver: zodResolver(ZAttendeeMailInput), defaultValues: EMPTY });
  const errorText = useFieldErrorText();
  const err = (name: keyof Values) =>
    errorText(form.formState.errors[name] as { message?: string } | undefined);
  const preview = usePreviewAttendeeMail();
  const send = useSendAttendeeMail();
  const popup = usePopup();
  const failed = useSaveFailure(form, t('failed'));
  // One key per written mail: a retry of the same send (a lost answer, a double tap) mails nobody twice.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [shown, setShown] = useState<{ values: Values; data: TAttendeeMailPreview } | null>(null);
  const [lang, setLang] = useState<'pl' | 'en'>('pl');
  const productId = form.watch('product_id');
  const sent = useAttendeeMails(productId);
  const [opened, setOpened] = useState<number | null>(null);

  const onPreview = form.handleSubmit((values) =>
    preview.mutate(values, { onSuccess: (data) => setShown({ values, data }), onError: failed }),
  );

  const onSend = async () => {
    if (!shown) return;
    const n = shown.data.recipients.total;
    const ok = await popup.confirm({
      title: t('confirm.title'),
      body: t('confirm.body', { count: n }),
      confirmLabel: t('confirm.send', { count: n }),
    });
    if (!ok) return;
    send.mutate(
      { ...shown.values, key },
      {
        onSuccess: (mail) => {
          void popup.success(t('sent', { count: mail.recipients }));
          setKey(crypto.randomUUID());
          setShown(null);
          setOpened(mail.id);
          form.reset({ ...EMPTY, product_id: shown.values.product_id });
        },
        onError: failed,
      },
    );
  };

  if (experiences.isPending) return <Spinner />;
  if (experiences.isError) return <DataLoadError onRetry={() => void experiences.refetch()} />;

  return (
    <>
      <ConsolePageHeader title={t('title')} lead={t('lead')} />
      <form className={styles.form} onSubmit={onPreview} noValidate>
        <SelectField
          label={t('experience')}
          error={err('product_id')}
          {...form.register('product_id', { setValueAs: Number, onChange: () => setShown(null) })}
        >
          <option value="0">{t('chooseExperience')}</option>
          {experiences.data.map((e) => (
            <option key={e.id} value={e.id}>
              {`${e.name} · ${formatClubDate(e.start_date, i18n.language)}${e.start_time ? ` ${e.start_time}` : ''}`}
            </option>
          ))}
        </SelectField>
        {experiences.data.length === 0 && <p className={styles.muted}>{t('noExperiences')}</p>}
        <Controller
          control={form.control}
          name="audience"
          render={({ field }) => (
            <RadioGroupField<AttendeeMailAudience>
              legend={t('audience.legend')}
              name={field.name}
              value={field.value}
              onValueChange={(v) => {
                field.onChange(v);
                setShown(null);
              }}
              options={ATTENDEE_MAIL_AUDIENCES.map((a) => ({ value: a, label: t(`audience.${a}`) }))}
              error={err('audience')}
            />
          )}
        />
        <div className={styles.languages}>
          {(['pl', 'en'] as const).map((l) => (
            <fieldset key={l} className={styles.language} lang={l}>
              <legend>{t(`language.${l}`)}</legend>
              <TextField
                label={t('subject')}
                error={err(`subject_${l}`)}
                {...form.register(`subject_${l}`)}
              />
              <label className={styles.bodyLabel}>
                <span>{t('body')}</span>
                <textarea
                  className={styles.body}
                  rows={8}
                  aria-invalid={err(`body_${l}`) ? true : undefined}
                  {...form.register(`body_${l}`)}
                />
                {err(`body_${l}`) && (
                  <span className={styles.fieldError} role="alert">
                    {err(`body_${l}`)}
                  </span>
                )}
              </label>
            </fieldset>
          ))}
        </div>
        <p className={styles.muted}>{t('hint')}</p>
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" disabled={preview.isPending}>
            {preview.isPending ? t('previewing') : t('preview')}
          </Button>
        </div>
      </form>

      {shown && (
        <section className={styles.preview} aria-labelledby="event-mail-preview">
          <h2 id="event-mail-preview" className={styles.heading}>
            {t('previewTitle')}
          </h2>
          <p role="status" data-testid="event-mail-reach">
            {t('reach', {
              count: shown.data.recipients.total,
              pl: shown.data.recipients.pl,
              en: shown.data.recipients.en,
            })}
          </p>
          <div className={styles.tabs} role="group" aria-label={t('previewLanguage')}>
            {(['pl', 'en'] as const).map((l) => (
              <Button
                key={l}
                type="button"
                size="small"
                variant={lang === l ? 'primary' : 'ghost'}
                aria-pressed={lang === l}
                onClick={() => setLang(l)}
              >
                {t(`language.${l}`)}
              </Button>
            ))}
          </div>
          <p className={styles.subjectLine}>
            <span className={styles.muted}>{t('subject')}: </span>
            {shown.data[lang].subject}
          </p>
          <iframe
            className={styles.frame}
            title={t('previewFrame', { subject: shown.data[lang].subject })}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={previewDocument(shown.data[lang].html)}
          />
          <div className={styles.actions}>
            <Button
              type="button"
              onClick={() => void onSend()}
              disabled={send.isPending || shown.data.recipients.total === 0}
            >
              {send.isPending ? t('sending') : t('send', { count: shown.data.recipients.total })}
            </Button>
          </div>
        </section>
      )}

      {productId > 0 && (
        <section className={styles.history} aria-labelledby="event-mail-sent">
          <h2 id="event-mail-sent" className={styles.heading}>
            {t('history')}
          </h2>
          {sent.isPending ? (
            <Spinner />
          ) : sent.isError ? (
            <DataLoadError onRetry={() => void sent.refetch()} />
          ) : sent.data.length === 0 ? (
            <p className={styles.muted}>{t('noneSent')}</p>
          ) : (
            <ul className={styles.sentList}>
              {sent.data.map((m) => (
                <li key={m.id} className={styles.sentItem}>
                  <button
                    type="button"
                    className={styles.sentButton}
                    aria-expanded={opened === m.id}
                    onClick={() => setOpened(opened === m.id ? null : m.id)}
                  >
                    <span className={styles.sentSubject}>
                      {i18n.language === 'en' ? m.subject_en : m.subject_pl}
                    </span>
                    <span className={styles.muted}>
                      {`${t(`audience.${m.audience}`)} · ${new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Warsaw' }).format(new Date(m.created_at))}${m.by ? ` · ${m.by}` : ''}`}
                    </span>
                    <span>
                      {t('counts', { count: m.recipients, sent: m.sent, queued: m.queued, failed: m.failed })}
                    </span>
                  </button>
                  {opened === m.id && <Recipients id={m.id} />}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

/** Who received one mail, in which language, and whether it went. */
function Recipients({ id }: { id: number }) {
  const { t } = useTranslation('console-event-mail');
  const mail = useAttendeeMail(id);
  if (mail.isPending) return <Spinner />;
  if (mail.isError) return <DataLoadError onRetry={() => void mail.refetch()} />;
  return (
    <table className={styles.people} data-testid="event-mail-people">
      <caption className={styles.srOnly}>{t('people')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('person')}</th>
          <th scope="col">{t('languageColumn')}</th>
          <th scope="col">{t('state')}</th>
        </tr>
      </thead>
      <tbody>
        {mail.data.people.map((p) => (
          <tr key={p.email}>
            <td>
              <span className={styles.personName}>{p.name || p.email}</span>
              <span className={styles.muted}>{p.email}</span>
            </td>
            <td>{t(`language.${p.language}`)}</td>
            <td>{t(`states.${p.state}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
