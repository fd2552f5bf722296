import {
  MAIL_SORTS,
  MAIL_STATES,
  MAIL_TEMPLATES,
  type MailState,
  type MailTemplateName,
  type TMailRow,
} from '@club/shared/schemas/admin-mail';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import uiStyles from '../../../components/console/console-ui.module.css';
import { ConsoleList } from '../../../components/console/console-list';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { useSearchFilter, useTableUrl } from '../../../components/console/use-table-url';
import { Button, TextField } from '../../../components/ui';
import { consoleMailPath } from '../../../config/console';
import { ApiError } from '../../../lib/api-client';
import { useMailList } from '../api/mail';
import { MailStateBadge, useClubTime } from '../components/mail-state';
import styles from '../components/console-mail.module.css';
import { ChoiceFilter, DateFilter } from '../../../components/console/filter-fields';

const FILTERS = ['q', 'state', 'template', 'from', 'to'] as const;
type Sort = (typeof MAIL_SORTS)[number];

/** The outbox: every mail with its state, paged, sorted and filtered by the server; the state lives in the address. */
export default function MailListPage() {
  const { t } = useTranslation('console-mail');
  const state = useTableUrl(FILTERS, { sort: 'created_at', dir: 'desc' });
  const [search, setSearch] = useSearchFilter(state, 'q');

  const sort = ((MAIL_SORTS as readonly string[]).includes(state.sort) ? state.sort : 'created_at') as Sort;
  const query = {
    page: state.page,
    sort,
    dir: state.dir,
    q: state.filters.q || undefined,
    // An unknown value from the address goes as is: the server's 422 is shown at its field.
    state: (state.filters.state || undefined) as MailState | undefined,
    template: (state.filters.template || undefined) as MailTemplateName | undefined,
    from: state.filters.from || undefined,
    to: state.filters.to || undefined,
  };
  const list = useMailList(query);
  const invalid = list.error instanceof ApiError && list.error.status === 422;
  const fieldError = (field: string) => (invalid ? (list.error as ApiError).errors[field]?.[0] : undefined);
  const when = useClubTime();

  const columns = useMemo<ColumnDef<TMailRow>[]>(
    () => [
      {
        id: 'to',
        accessorFn: (r) => r.to,
        header: t('columns.to'),
        meta: t('columns.to'),
        cell: ({ row }) => (
          <Link
            className={styles.rowLink}
            to={consoleMailPath(row.original.id)}
            aria-label={t('open', { subject: row.original.subject, to: row.original.to })}
          >
            <span className={styles.recipient}>{row.original.to}</span>
            <span className={styles.subject}>{row.original.subject}</span>
          </Link>
        ),
      },
      {
        id: 'status',
        accessorFn: (r) => r.state,
        header: t('columns.state'),
        meta: t('columns.state'),
        cell: ({ row }) => (
          <span className={styles.stateCell}>
            <MailStateBadge state={row.original.state} />
            {row.original.state === 'failed' && row.original.error && (
              <span className={styles.error}>{row.original.error}</span>
            )}
          </span>
        ),
      },
      {
        id: 'template',
        accessorFn: (r) => r.template,
        header: t('columns.template'),
        meta: t('columns.template'),
        cell: ({ row }) => t(`template.${row.original.template}`, { defaultValue: row.original.template }),
      },
      {
        id: 'created_at',
        // An accessor makes the column sortable (the server sorts; TanStack only marks it).
        accessorFn: (r) => r.created_at,
        header: t('columns.created_at'),
        meta: t('columns.created_at'),
        cell: ({ row }) => when(row.original.created_at),
      },
      {
        id: 'attempts',
        accessorFn: (r) => r.attempts,
        header: t('columns.attempts'),
        meta: t('columns.attempts'),
        cell: ({ row }) => row.original.attempts,
      },
      {
        id: 'sent_at',
        header: t('columns.sent_at'),
        enableSorting: false,
        cell: ({ row }) => when(row.original.sent_at),
      },
    ],
    [t, when],
  );

  return (
    <>
      <ConsolePageHeader title={t('title')} lead={t('lead')} />
      <div className={uiStyles.filters} role="search" aria-label={t('filters')}>
        <TextField
          label={t('search')}
          type="search"
          placeholder={t('searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          error={fieldError('q')}
        />
        <ChoiceFilter
          state={state}
          name="state"
          label={t('columns.state')}
          any={t('any')}
          choices={MAIL_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          error={fieldError('state')}
        />
        <ChoiceFilter
          state={state}
          name="template"
          label={t('columns.template')}
          any={t('any')}
          choices={MAIL_TEMPLATES.map((name) => ({ value: name, label: t(`template.${name}`) }))}
          error={fieldError('template')}
        />
        <DateFilter state={state} name="from" label={t('from')} error={fieldError('from')} />
        <DateFilter state={state} name="to" label={t('to')} error={fieldError('to')} />
        <div className={uiStyles.filterButtons}>
          <Button
            type="button"
            size="small"
            variant="ghost"
            onClick={() => {
              setSearch('');
              state.clearFilters();
            }}
          >
            {t('reset')}
          </Button>
        </div>
      </div>
      <ConsoleList
        list={list}
        state={{ ...state, sort }}
        refusedInline={invalid}
        columns={columns}
        rowKey={(m) => m.id}
        labels={{
          caption: t('title'),
          empty: t('empty'),
        }}
      />
    </>
  );
}
