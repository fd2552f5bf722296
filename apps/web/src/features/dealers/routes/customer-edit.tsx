import { zodResolver } from '@hookform/resolvers/zod';
import { Redirect } from '../../../lib/routing';
import {
  AGREEMENT_TERMS,
  CUSTOMER_STATUS,
  formatDisplayDate,
  type TDealerCustomer,
  type TUpdateDealerCustomer,
  type TUpdateDealerCustomerInput,
  ZUpdateDealerCustomer,
} from '@club/shared';
import { parseRouteId } from '@club/shared/slug';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useConsentText } from '../../../lib/consents';
import {
  Button,
  buttonClass,
  CheckboxField,
  DataLoadError,
  EmptyState,
  LoadingOverlay,
  PageHeader,
  TextField,
  useFieldErrorText,
  usePopup,
  TitledSection,
  type SectionLook,
} from '../../../components/ui';
import formLayout from '../../../components/ui/form-layout.module.css';
import {
  isPasswordCheckRequired,
  PasswordGate,
  usePasswordGate,
  useGatedSaveFailure,
} from '../../../components/password-gate/password-gate';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useDealerCustomer } from '../api/get-customer';
import { useUpdateDealerCustomer } from '../api/update-customer';
import { CopyLink } from '../components/copy-link';
import { StatusBadge, TypeBadge } from '../components/customer-badges';
import { DeliveryDateField } from '../components/date-field';
import styles from '../components/dealers.module.css';
import { ArrowLeftIcon } from '../../../components/ui/icons';

/** The customer's parts (details, links, consents) are panels titled alike. */
const sectionLook: SectionLook = { section: styles.panel, title: styles.groupTitle };

/** /customers/edit/{id}: the customer's data, consents, links and the order number (SPEC.md §2). */
export default function CustomerEditPage() {
  const { t } = useTranslation('dealers');
  const id = parseRouteId(useParams().id);
  const query = useDealerCustomer(id ?? 0);
  const customer = query.data;
  if (id === null) return <Redirect to={paths.notFound} replace />;
  const name = customer
    ? `${customer.user.name} ${customer.user.surname}`.trim() || t('customers.unnamed')
    : '';
  return (
    <>
      <PageHeader eyebrow={t('customers.eyebrow')} title={name || t('edit.details')}>
        <div className={styles.headerActions}>
          {customer && <TypeBadge type={customer.type} />}
          {customer && <StatusBadge status={customer.status} />}
        </div>
      </PageHeader>
      <div className={`container ${styles.body}`}>
        <p>
          <Link to={paths.customers} className={buttonClass('ghost', 'small')}>
            <ArrowLeftIcon /> {t('edit.back')}
          </Link>
        </p>
        <PasswordGate askOnEntry={false} wrongPasswordText={t('customers.wrongPassword')}>
          <CustomerEditBody id={id} />
        </PasswordGate>
      </div>
    </>
  );
}

/** The customer's data behind the dealer's password re-entry (asked again when it has lapsed). */
function CustomerEditBody({ id }: { id: number }) {
  const { t } = useTranslation('dealers');
  const gate = usePasswordGate();
  const query = useDealerCustomer(id);
  const customer = query.data;
  const gated = isPasswordCheckRequired(query.error);
  useEffect(() => {
    if (gated) gate.expire();
  }, [gated, gate]);
  return (query.isPending && Number.isInteger(id) && id > 0) || gated ? (
    <LoadingOverlay active>
      <div style={{ minHeight: 320 }} data-testid="customer-loading" />
    </LoadingOverlay>
  ) : query.error instanceof ApiError && query.error.status === 404 ? (
    <EmptyState>{t('edit.notFound')}</EmptyState>
  ) : query.isError ? (
    <DataLoadError onRetry={() => void query.refetch()} />
  ) : customer ? (
    <LoadingOverlay active={query.isFetching}>
      <CustomerDetails customer={customer} />
    </LoadingOverlay>
  ) : (
    <EmptyState>{t('edit.notFound')}</EmptyState>
  );
}

function CustomerDetails({ customer }: { customer: TDealerCustomer }) {
  const { t } = useTranslation('dealers');
  const consent = useConsentText();
  const none = t('fields.none');
  const u = customer.user;
  const phone = u.phone ? `+${u.phone_prefix ?? ''} ${u.phone}`.replace('++', '+') : none;
  const facts: [string, string][] = [
    [t('fields.honorific'), u.honorific ? t(`honorific.${u.honorific}`) : none],
    [t('fields.name'), u.name || none],
    [t('fields.surname'), u.surname || none],
    [t('fields.email'), u.email ?? none],
    [t('fields.phone'), phone],
  ];
  const car: [string, string][] = [
    [
      t('fields.model'),
      customer.model ? t(`model.${customer.model}`, { defaultValue: customer.model }) : none,
    ],
    [t('fields.vin'), customer.vin_number ?? none],
    [t('fields.contractNumber'), customer.contract_number ?? none],
    [t('fields.orderNumber'), customer.order_number ?? none],
    [t('fields.vehicleIssue'), customer.vehicle_issue ? formatDisplayDate(customer.vehicle_issue) : none],
  ];
  return (
    <>
      <TitledSection id="customer-details" title={t('edit.details')} look={sectionLook}>
        <dl className={styles.details}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h2 className={styles.groupTitle}>{t('edit.car')}</h2>
        <dl className={styles.details} data-testid="customer-car">
          {car.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {customer.type === 'NEW' && <OrderNumberForm customer={customer} />}
      </TitledSection>

      {(customer.terms_url || customer.register_url) && (
        <TitledSection id="customer-links" title={t('edit.links')} look={sectionLook}>
          <p className={styles.lead}>{t('edit.linksLead')}</p>
          {customer.terms_url && <CopyLink label={t('edit.termsUrl')} url={customer.terms_url} />}
          {customer.register_url && <CopyLink label={t('edit.registerUrl')} url={customer.register_url} />}
        </TitledSection>
      )}

      <TitledSection id="customer-consents" title={t('edit.consents')} look={sectionLook}>
        <div className={styles.terms}>
          {AGREEMENT_TERMS.filter((term) => !term.startsWith('term_4')).map((term) => (
            <CheckboxField key={term} name={term} label={consent(term)} checked={customer[term]} disabled />
          ))}
          <p className={styles.note}>{consent('marketing')}</p>
          <div className={styles.subTerms}>
            {AGREEMENT_TERMS.filter((term) => term.startsWith('term_4')).map((term) => (
              <CheckboxField key={term} name={term} label={consent(term)} checked={customer[term]} disabled />
            ))}
          </div>
        </div>
      </TitledSection>
    </>
  );
}

/** 'I have order number' unlocks order number (required) and delivery date; saving reloads the customer. */
function OrderNumberForm({ customer }: { customer: TDealerCustomer }) {
  const { t } = useTranslation('dealers');
  const fieldError = useFieldErrorText();
  const popup = usePopup();
  const [open, setOpen] = useState(false);
  const update = useUpdateDealerCustomer(customer.id);
  const form = useForm<TUpdateDealerCustomerInput, unknown, TUpdateDealerCustomer>({
    resolver: zodResolver(ZUpdateDealerCustomer),
    defaultValues: {
      customer: { order_number: customer.order_number ?? '', vehicle_issue: customer.vehicle_issue ?? '' },
    },
  });
  // The date bounds travel inside the message (validation.dateMin|{"date":…}): no special case here.
  const errorText = fieldError;
  const e = form.formState.errors.customer;

  const failed = useGatedSaveFailure(form, t('edit.saveFailed'));
  if (!open) {
    return (
      <div className={formLayout.actions}>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('edit.haveOrderNumber')}
        </Button>
      </div>
    );
  }
  const submit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        setOpen(false);
        void popup.success(t('edit.saved'));
      },
      onError: (error) => failed(error, () => void submit()),
    }),
  );
  return (
    <form className={styles.orderForm} noValidate onSubmit={submit} aria-label={t('edit.haveOrderNumber')}>
      <h2 className={styles.groupTitle}>{t('edit.haveOrderNumber')}</h2>
      {customer.status === CUSTOMER_STATUS.WAITING_ORDER_NUMBER && (
        <p className={styles.lead}>{t('edit.orderLead')}</p>
      )}
      <div className={formLayout.grid}>
        <TextField
          label={t('fields.orderNumber')}
          required
          autoFocus
          autoComplete="off"
          error={errorText(e?.order_number)}
          {...form.register('customer.order_number')}
        />
        <DeliveryDateField form={form} />
      </div>
      <div className={formLayout.actions}>
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={update.isPending}>
          {t('edit.cancel')}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {t('edit.save')}
        </Button>
      </div>
    </form>
  );
}
