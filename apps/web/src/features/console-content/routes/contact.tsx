import type { TAdminContact } from '@club/shared/contract/admin-content';
import { ZAdminContactInput } from '@club/shared/schemas/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { Button, DataLoadError, Spinner, TextField, useFieldErrorText } from '../../../components/ui';
import { useContact, useSaveContact } from '../api/content';
import { ContentTabs } from '../components/content-tabs';
import styles from '../components/content.module.css';
import { StaleNotice, useSaveFailure } from '../components/saving';

/** /panel/admin/content/contact: the club's contact data (/contact) in both languages. */
export default function ContactPage() {
  const { t } = useTranslation('console-content');
  const contact = useContact();
  return (
    <>
      <ConsolePageHeader title={t('contact.title')} lead={t('contact.lead')} />
      <ContentTabs />
      {contact.isPending && <Spinner />}
      {contact.isError && <DataLoadError onRetry={() => contact.refetch()} />}
      {contact.data && (
        <ContactForm contact={contact.data} onReload={async () => (await contact.refetch()).data} />
      )}
    </>
  );
}

const FIELDS = ['title', 'description', 'days'] as const;
const valuesOf = (c: TAdminContact) => {
  const { version: _version, ...values } = c;
  return values;
};

function ContactForm({
  contact,
  onReload,
}: {
  contact: TAdminContact;
  onReload: () => Promise<TAdminContact | undefined>;
}) {
  const { t } = useTranslation('console-content');
  const errorText = useFieldErrorText();
  const failed = useSaveFailure();
  const save = useSaveContact();
  const [version, setVersion] = useState(contact.version);
  const [saved, setSaved] = useState(false);
  const form = useForm({ resolver: zodResolver(ZAdminContactInput), defaultValues: valuesOf(contact) });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    setSaved(false);
    save.mutate(
      { version, contact: values },
      {
        onSuccess: (data) => {
          setVersion(data.version);
          form.reset(valuesOf(data));
          setSaved(true);
        },
        onError: (error) => failed(error, form, 'contact'),
      },
    );
  });
  return (
    <form className={styles.panel} onSubmit={submit} noValidate>
      <StaleNotice
        error={save.error}
        onReload={async () => {
          save.reset();
          const fresh = await onReload();
          if (fresh) {
            setVersion(fresh.version);
            form.reset(valuesOf(fresh));
          }
        }}
      />
      <div className={styles.columns}>
        {(['pl', 'en'] as const).map((lang) => (
          <div key={lang}>
            {FIELDS.map((field) => {
              const name = `${field}_${lang}` as const;
              return (
                <TextField
                  key={name}
                  label={t(`contact.${field}_${lang}`)}
                  lang={lang}
                  required={field !== 'description'}
                  error={errorText(errors[name])}
                  {...form.register(name)}
                />
              );
            })}
          </div>
        ))}
        <div>
          <TextField
            label={t('contact.email')}
            type="email"
            required
            error={errorText(errors.email)}
            {...form.register('email')}
          />
          <TextField
            label={t('contact.phone')}
            type="tel"
            required
            error={errorText(errors.phone)}
            {...form.register('phone')}
          />
        </div>
      </div>
      <div className={styles.formActions}>
        <Button type="submit" loading={save.isPending}>
          {t('save')}
        </Button>
        <span role="status">{saved && !form.formState.isDirty ? t('saved') : ''}</span>
      </div>
    </form>
  );
}
