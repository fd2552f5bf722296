import type { TAdminAbout } from '@club/shared/contract/admin-content';
import { ZAdminAboutInput } from '@club/shared/schemas/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '../../../components/admin/rich-text-editor/lazy';
import { LoadStatus } from '../../../components/console/load-status';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { TextField, useFieldErrorText } from '../../../components/ui';
import { useAbout, useSaveAbout } from '../api/content';
import { ContentTabs } from '../components/content-tabs';
import styles from '../components/content.module.css';
import { useVersionedPage } from '../components/versioned-page';

/** /panel/admin/content/about: the about page (/excellence-club) in both languages. */
export default function AboutPage() {
  const { t } = useTranslation('console-content');
  const about = useAbout();
  return (
    <>
      <ConsolePageHeader title={t('about.title')} lead={t('about.lead')} />
      <ContentTabs />
      <LoadStatus query={about} />
      {about.data && <AboutForm about={about.data} onReload={async () => (await about.refetch()).data} />}
    </>
  );
}

const valuesOf = (a: TAdminAbout) => ({
  title_pl: a.title_pl,
  title_en: a.title_en,
  subtitle_pl: a.subtitle_pl,
  subtitle_en: a.subtitle_en,
  sections_html_pl: a.sections_html_pl,
  sections_html_en: a.sections_html_en,
});

function AboutForm({
  about,
  onReload,
}: {
  about: TAdminAbout;
  onReload: () => Promise<TAdminAbout | undefined>;
}) {
  const { t } = useTranslation('console-content');
  const errorText = useFieldErrorText();
  const form = useForm({ resolver: zodResolver(ZAdminAboutInput), defaultValues: valuesOf(about) });
  const { errors } = form.formState;
  const { submit, staleNotice, actions } = useVersionedPage({
    data: about,
    form,
    valuesOf,
    save: useSaveAbout(),
    wrap: (version, page) => ({ version, page }),
    prefix: 'page',
    reload: onReload,
  });
  const editor = (name: 'sections_html_pl' | 'sections_html_en', lang: 'pl' | 'en') => (
    <RichTextField
      control={form.control}
      name={name}
      label={t(`about.${name}`)}
      contentLang={lang}
      error={errorText(errors[name])}
    />
  );
  return (
    <form className={styles.panel} onSubmit={submit} noValidate>
      {staleNotice}
      <div className={styles.columns}>
        <div>
          <TextField
            label={t('about.title_pl')}
            lang="pl"
            required
            error={errorText(errors.title_pl)}
            {...form.register('title_pl')}
          />
          <TextField
            label={t('about.subtitle_pl')}
            lang="pl"
            error={errorText(errors.subtitle_pl)}
            {...form.register('subtitle_pl')}
          />
          {editor('sections_html_pl', 'pl')}
        </div>
        <div>
          <TextField
            label={t('about.title_en')}
            lang="en"
            required
            error={errorText(errors.title_en)}
            {...form.register('title_en')}
          />
          <TextField
            label={t('about.subtitle_en')}
            lang="en"
            error={errorText(errors.subtitle_en)}
            {...form.register('subtitle_en')}
          />
          {editor('sections_html_en', 'en')}
        </div>
      </div>
      {actions}
    </form>
  );
}
