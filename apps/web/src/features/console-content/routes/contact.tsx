import type { TAdminContact } from '@club/shared/contract/admin-content';
import { ZAdminContactInput } from '@club/shared/schemas/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadStatus } from '../../../components/console/load-status';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { TextField, useFieldErrorText } from '../../../components/ui';
import { useContact, useSaveContact } from '../api/content';
import { ContentTabs } from '../components/content-tabs';
import styles from '../components/content.module.css';
import { useVersionedPage } from '../components/versioned-page';

/** /panel/admin/content/contact: the club's contact data (/contact) in both languages. */
export default function ContactPage() {
  const { t } = useTranslation('console-content');
  const contact = useContact();
  return (
    <>
      <ConsolePageHeader title={t('contact.title')} lead={t('contact.lead')} />
      <ContentTabs />
      <LoadStatus query={contact} />
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
  const form = useForm({ resolver: zodResolver(ZAdminContactInput), defaultValues: valuesOf(contact) });
  const { errors } = form.formState;
  const { submit, staleNotice, actions } = useVersionedPage({
    data: contact,
    form,
    valuesOf,
    save: useSaveContact(),
    wrap: (version, values) => ({ version, contact: values }),
    prefix: 'contact',
    reload: onReload,
  });
  return (
    <form className={styles.panel} onSubmit={submit} noValidate>
      {staleNotice}
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
      {actions}
    </form>
  );
}
