import {
  CUSTOMER_STATUSES,
  type CustomerStatus,
  SEARCH_DEBOUNCE_MS,
  type TDealerCustomer,
} from '@club/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  isPasswordCheckRequired,
  PasswordGate,
  usePasswordGate,
} from '../../../components/password-gate/password-gate';
import {
  Button,
  buttonClass,
  DataLoadError,
  EmptyState,
  PageHeader,
  SelectField,
  Spinner,
  TextField,
} from '../../../components/ui';
import { paths } from '../../../config/paths';
import { useDealerCustomers } from '../api/get-customers';
import { StatusBadge, TypeBadge } from '../components/customer-badges';
import styles from '../components/dealers.module.css';
import { type CustomerFilters, EMPTY_FILTERS, readFilters, writeFilters } from '../hooks/filter-storage';

/** /customers: the dealer's customer list, behind the password re-entry (SPEC.md §2). */
export default function CustomersPage() {
  const { t } = useTranslation('dealers');
  return (
    <>
      <PageHeader
        eyebrow={t('customers.eyebrow')}
        title={t('customers.title')}
        subtitle={t('customers.subtitle')}
      >
        <div className={styles.headerActions}>
          <Link to={paths.customerRegister} className={buttonClass('primary')}>
            {t('customers.register')}
          </Link>
        </div>
      </PageHeader>
      <div className={`container ${styles.body}`}>
        <PasswordGate wrongPasswordText={t('customers.wrongPassword')}>
          <CustomerList />
        </PasswordGate>
      </div>
    </>
  );
}

function CustomerList() {
  const { t, i18n } = useTranslation('dealers');
  const { pathname } = useLocation();
  const gate = usePasswordGate();
  const [applied, setApplied] = useState<CustomerFilters>(() => readFilters(pathname));
  const [search, setSearch] = useState(applied.search);
  const [status, setStatus] = useState<CustomerStatus | ''>(applied.status);
  const firstRender = useRef(true);
  const searchId = useId();

  const appliedRef = useRef(applied);
  const apply = (patch: Partial<CustomerFilters>) => {
    const next = { ...appliedRef.current, ...patch };
    appliedRef.current = next;
    setApplied(next);
    writeFilters(pathname, next);
  };

  // Typing searches by itself after 250 ms of quiet (SPEC.md §2, §9); the status stays as chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts the debounce
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (search === appliedRef.current.search) return;
    const timer = window.setTimeout(() => apply({ search }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const query = useDealerCustomers(applied, true);
  useEffect(() => {
    if (isPasswordCheckRequired(query.error)) gate.expire();
  }, [query.error, gate]);

  const items: TDealerCustomer[] = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.paginationMetaData?.total ?? 0;
  const filtered = applied.search.trim() !== '' || applied.status !== '';
  const dateFormat = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
    dateStyle: 'medium',
  });

  return (
    <>
      <form
        className={styles.panel}
        role="search"
        aria-label={t('customers.search')}
        onSubmit={(e) => {
          e.preventDefault();
          apply({ search, status });
        }}
      >
        <div className={styles.filters}>
          <TextField
            id={searchId}
            type="search"
            label={t('customers.search')}
            placeholder={t('customers.searchPlaceholder')}
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
          />
          <SelectField
            label={t('customers.statusFilter')}
            value={status}
            onChange={(e) => {
              const next = e.target.value as CustomerStatus | '';
              setStatus(next);
              apply({ status: next });
            }}
          >
            <option value="">{t('customers.allStatuses')}</option>
            {CUSTOMER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </SelectField>
          <div className={styles.filterButtons}>
            <Button type="submit">{t('customers.searchButton')}</Button>
            <Button
              variant="ghost"
              onClick={() => {
                setSearch('');
                setStatus('');
                apply(EMPTY_FILTERS);
              }}
            >
              {t('customers.reset')}
            </Button>
          </div>
        </div>
      </form>

      {query.isPending ? (
        <div className={styles.centered} data-testid="customers-loading">
          <Spinner />
        </div>
      ) : !query.data ? (
        isPasswordCheckRequired(query.error) ? null : (
          <div className={styles.listMeta}>
            <DataLoadError onRetry={() => void query.refetch()} />
          </div>
        )
      ) : items.length === 0 ? (
        <div className={styles.listMeta}>
          <EmptyState>{filtered ? t('customers.noResults') : t('customers.empty')}</EmptyState>
        </div>
      ) : (
        <>
          <p className={styles.listMeta} aria-live="polite">
            <span>{t('customers.total', { count: total })}</span>
            {query.isFetching && !query.isFetchingNextPage && <Spinner size="small" />}
          </p>
          <ul className={styles.list} aria-label={t('customers.title')} data-testid="customer-list">
            {items.map((customer) => (
              <CustomerRow key={customer.id} customer={customer} dateFormat={dateFormat} />
            ))}
          </ul>
          {query.isFetchNextPageError && !isPasswordCheckRequired(query.error) && (
            <div className={styles.listMeta}>
              <DataLoadError onRetry={() => void query.fetchNextPage()} />
            </div>
          )}
          {query.hasNextPage && (
            <div className={styles.more}>
              <Button
                variant="secondary"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {t('customers.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}

function CustomerRow({
  customer,
  dateFormat,
}: {
  customer: TDealerCustomer;
  dateFormat: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation('dealers');
  const none = t('fields.none');
  const name = `${customer.user.name} ${customer.user.surname}`.trim() || t('customers.unnamed');
  const phone = customer.user.phone
    ? `+${customer.user.phone_prefix ?? ''} ${customer.user.phone}`.replace('++', '+')
    : none;
  return (
    <li className={styles.item}>
      <div>
        <h2 className={styles.itemName}>{name}</h2>
        <span className={styles.itemDate}>
          {t('fields.registeredAt')}:{' '}
          <time dateTime={customer.created_at}>{dateFormat.format(new Date(customer.created_at))}</time>
        </span>
        <div className={styles.badges}>
          <TypeBadge type={customer.type} />
          <StatusBadge status={customer.status} />
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('fields.email')}</dt>
          <dd>{customer.user.email ?? none}</dd>
        </div>
        <div>
          <dt>{t('fields.phone')}</dt>
          <dd>{phone}</dd>
        </div>
        <div>
          <dt>{t('fields.orderNumber')}</dt>
          <dd>{customer.order_number ?? none}</dd>
        </div>
        <div>
          <dt>{t('fields.contractNumber')}</dt>
          <dd>{customer.contract_number ?? none}</dd>
        </div>
      </dl>
      <Link
        to={paths.customerEdit(customer.id)}
        className={buttonClass('secondary', 'small')}
        aria-label={t('customers.editLabel', { name })}
      >
        {t('customers.edit')}
      </Link>
    </li>
  );
}
