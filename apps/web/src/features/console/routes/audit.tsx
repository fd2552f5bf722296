import type { TAuditEntry } from '@club/shared';
import { SEARCH_DEBOUNCE_MS } from '@club/shared/constants';
import { staffContract } from '@club/shared/contract/staff';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleList } from '../../../components/console/console-list';
import { ConsolePageHeader } from '../../../components/console/page-header';
import uiStyles from '../../../components/console/console-ui.module.css';
import { useTableUrl } from '../../../components/console/use-table-url';
import { ApiError } from '../../../lib/api-client';
import { SelectField, TextField } from '../../../components/ui';
import { fetchData, queryKeyOf, pageQueryOf } from '../../../lib/endpoint';
import {
  auditFields,
  auditValue,
  entityName,
  fieldKey,
  plainWords,
  snapshotValue,
} from '../components/audit-words';
import styles from '../components/console.module.css';

const FILTERS = ['actor', 'entity_type', 'entity_id', 'from', 'to'] as const;

type Words = { yes: string; no: string; none: string };

function BeforeAfter({ entry, when }: { entry: TAuditEntry; when: Intl.DateTimeFormat }) {
  const { t, i18n } = useTranslation('console');
  const fields = auditFields(entry.before, entry.after);
  const label = (key: string) => t(`audit.field_${fieldKey(key)}`, { defaultValue: plainWords(key) });
  const words: Words = { yes: t('audit.yes'), no: t('audit.no'), none: '—' };
  const show = (snapshot: unknown, key: string) =>
    auditValue(key, snapshotValue(snapshot, key), i18n.language, words, when);
  const changed = fields.filter((f) => f.changed).map((f) => label(f.key));
  if (fields.length === 0) return <>—</>;
  return (
    <details className={styles.details}>
      <summary>
        {changed.length > 0 && entry.before !== null && entry.after !== null
          ? t('audit.changedFields', { fields: changed.join(', ') })
          : t('audit.show')}
      </summary>
      <table className={styles.auditFields}>
        <thead>
          <tr>
            <th scope="col">{t('audit.field')}</th>
            <th scope="col">{t('audit.before')}</th>
            <th scope="col">{t('audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map(({ key, changed: isChanged }) => (
            <tr key={key} className={isChanged ? styles.changed : undefined}>
              <th scope="row">{label(key)}</th>
              <td>{entry.before === null ? '—' : show(entry.before, key)}</td>
              <td>{entry.after === null ? '—' : show(entry.after, key)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The audit log (administrators): who changed what and when, with the values before and after. */
export default function AuditPage() {
  const { t, i18n } = useTranslation('console');
  const state = useTableUrl(FILTERS, { sort: 'at', dir: 'desc' });
  const [actor, setActor] = useState(state.filters.actor);
  const [entityId, setEntityId] = useState(state.filters.entity_id);
  const { setFilter } = state;
  useEffect(() => {
    if (actor === state.filters.actor && entityId === state.filters.entity_id) return;
    const timer = window.setTimeout(() => {
      if (actor !== state.filters.actor) setFilter('actor', actor.trim());
      else setFilter('entity_id', entityId.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [actor, entityId, state.filters.actor, state.filters.entity_id, setFilter]);

  const types = useQuery({
    queryKey: queryKeyOf(staffContract.auditEntityTypes),
    queryFn: () => fetchData(staffContract.auditEntityTypes),
  });
  const { entity_type, from, to } = state.filters;
  const query = {
    page: state.page,
    where: { actor: state.filters.actor, entity_type, entity_id: state.filters.entity_id, from, to },
  };
  const list = useQuery({
    ...pageQueryOf(staffContract.audit, { query }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 422) && count < 2,
  });
  // The server names a filter's error as it reads it: `where[from]` (DESIGN.md §4).
  const fieldError = (field: (typeof FILTERS)[number]) =>
    list.error instanceof ApiError ? list.error.errors[`where[${field}]`]?.[0] : undefined;
  const when = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
        dateStyle: 'short',
        timeStyle: 'medium',
        timeZone: 'Europe/Warsaw',
      }),
    [i18n.language],
  );
  const entityLabel = (type: string) => t(`audit.entity_${type}`, { defaultValue: type });

  const columns = useMemo<ColumnDef<TAuditEntry>[]>(() => {
    const entityLabel = (type: string) => t(`audit.entity_${type}`, { defaultValue: type });
    const actionLabel = (action: string) => t(`audit.action_${action}`, { defaultValue: action });
    return [
      {
        id: 'at',
        header: t('audit.colAt'),
        enableSorting: false,
        cell: ({ row }) => when.format(new Date(row.original.at)),
      },
      {
        id: 'actor',
        header: t('audit.colActor'),
        enableSorting: false,
        cell: ({ row }) => row.original.actor_email,
      },
      {
        id: 'action',
        header: t('audit.colAction'),
        enableSorting: false,
        cell: ({ row }) => actionLabel(row.original.action),
      },
      {
        id: 'entity',
        header: t('audit.colEntity'),
        enableSorting: false,
        cell: ({ row }) => {
          const e = row.original;
          const name = e.entity_name ?? entityName(e.before, e.after, i18n.language);
          return (
            <>
              {entityLabel(e.entity_type)}
              {name && (
                <>
                  {' '}
                  <strong>{name}</strong>
                </>
              )}
              {e.entity_id && <span className={styles.muted}>{` #${e.entity_id}`}</span>}
            </>
          );
        },
      },
      {
        id: 'change',
        header: t('audit.colChange'),
        enableSorting: false,
        cell: ({ row }) => <BeforeAfter entry={row.original} when={when} />,
      },
      {
        id: 'address',
        header: t('audit.colAddress'),
        enableSorting: false,
        cell: ({ row }) => row.original.address ?? '—',
      },
    ];
  }, [t, when, i18n.language]);

  return (
    <>
      <ConsolePageHeader title={t('audit.title')} lead={t('audit.lead')} />
      <div className={uiStyles.filters} role="search" aria-label={t('audit.filters')}>
        <TextField
          label={t('audit.actor')}
          type="search"
          value={actor}
          onChange={(e) => setActor(e.target.value)}
          error={fieldError('actor')}
        />
        <SelectField
          label={t('audit.entity')}
          value={entity_type}
          onChange={(e) => state.setFilter('entity_type', e.target.value)}
          error={fieldError('entity_type')}
        >
          <option value="">{t('staff.any')}</option>
          {(types.data ?? []).map((type) => (
            <option key={type} value={type}>
              {entityLabel(type)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('audit.entityId')}
          value={entityId}
          onChange={(e) => setEntityId(e.target.value)}
          error={fieldError('entity_id')}
        />
        <TextField
          label={t('audit.from')}
          type="date"
          value={from}
          onChange={(e) => state.setFilter('from', e.target.value)}
          error={fieldError('from')}
        />
        <TextField
          label={t('audit.to')}
          type="date"
          value={to}
          onChange={(e) => state.setFilter('to', e.target.value)}
          error={fieldError('to')}
        />
      </div>
      <ConsoleList
        list={list}
        state={{ sort: 'at', dir: 'desc', setPage: state.setPage }}
        refusedInline={list.error instanceof ApiError && list.error.status === 422}
        columns={columns}
        rowKey={(e) => e.id}
        labels={{
          caption: t('audit.title'),
          empty: t('audit.empty'),
        }}
      />
    </>
  );
}
