import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import uiStyles from '../../../components/console/console-ui.module.css';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { Badge, Button, DataLoadError, type SectionLook, Spinner, TextField } from '../../../components/ui';
import { consoleMemberPath } from '../../../config/console';
import { ApiError } from '../../../lib/api-client';
import { useMemberSearch } from '../api/members';
import styles from '../components/console-members.module.css';
import { RetentionPanel } from '../components/retention-panel';

const sectionLook: SectionLook = { section: styles.retention, title: styles.partTitle };

/** Find a member or dealer by name or e-mail; the search lives in the address (back returns to it). */
export default function MembersListPage() {
  const { t } = useTranslation('console-members');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [text, setText] = useState(search);
  const found = useMemberSearch(search);
  const invalid = found.error instanceof ApiError && found.error.status === 422;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { search: text.trim() } : {}, { replace: true });
  };

  return (
    <>
      <ConsolePageHeader title={t('title')} lead={t('lead')} />
      <form className={uiStyles.filters} role="search" aria-label={t('title')} onSubmit={submit}>
        <TextField
          label={t('search')}
          type="search"
          name="search"
          placeholder={t('searchPlaceholder')}
          value={text}
          minLength={2}
          onChange={(e) => setText(e.target.value)}
          error={invalid ? (found.error as ApiError).errors.search?.[0] : undefined}
        />
        <div className={`${uiStyles.filterButtons} ${styles.find}`}>
          <Button type="submit">{t('find')}</Button>
        </div>
      </form>
      {search.trim().length < 2 ? (
        <p className={styles.muted}>{t('hint')}</p>
      ) : found.isPending ? (
        <Spinner />
      ) : found.isError ? (
        invalid ? null : (
          <DataLoadError onRetry={() => void found.refetch()} />
        )
      ) : found.data.length === 0 ? (
        <p className={styles.muted} role="status">
          {t('none')}
        </p>
      ) : (
        <ul className={styles.results} aria-label={t('results')}>
          {found.data.map((m) => (
            <li key={m.id}>
              <Link className={styles.result} to={consoleMemberPath(m.id)}>
                <span className={styles.name}>{`${m.name} ${m.surname}`.trim() || t('noName')}</span>
                <span className={styles.email}>{m.email}</span>
                <Badge tone={m.type === 'DEALER' ? 'gold' : 'neutral'}>{t(`type.${m.type}`)}</Badge>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <RetentionPanel look={sectionLook} />
    </>
  );
}
