import type { TDiscountCode } from '@club/shared/contract/admin-discounts';
import { DISCOUNT_KINDS, DISCOUNT_MEMBER_TYPES } from '@club/shared/constants';
import { formatMoney } from '@club/shared/money';
import {
  DISCOUNT_PAGE_SIZES,
  DISCOUNT_SORTS,
  type TDiscountCodeBody,
  type TDiscountListQuery,
  ZDiscountCodeBody,
} from '@club/shared/schemas/admin-discounts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConsoleList } from '../../../components/console/console-list';
import { FilterForm } from '../../../components/console/filter-fields';
import { ConsolePageHeader } from '../../../components/console/page-header';
import uiStyles from '../../../components/console/console-ui.module.css';
import { pagedQuery, useTableUrl } from '../../../components/console/use-table-url';
import {
  Badge,
  Button,
  DataLoadError,
  Dialog,
  Options,
  SelectField,
  TextField,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import { useDiscountChange, useDiscountCodes, useExperienceOptions, useRedemptions } from '../api/discounts';
import { Link } from 'react-router';
import { consoleOrderPath } from '../../../config/console';

const FILTERS = ['q', 'active', 'per_page'] as const;
/** The filter form's fields: the page size stays as it is. */
const APPLIED_FILTERS = ['q', 'active'] as const;

const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

const emptyForm = (): TDiscountCodeBody => ({
  code: '',
  kind: 'AMOUNT',
  amount: null,
  percent: null,
  valid_from: null,
  valid_to: null,
  max_uses: null,
  per_member_limit: 1,
  product_ids: [],
  member_types: [],
});

const formOf = (code: TDiscountCode): TDiscountCodeBody => ({
  code: code.code,
  kind: code.kind,
  amount: code.amount,
  percent: code.percent,
  valid_from: code.valid_from,
  valid_to: code.valid_to,
  max_uses: code.max_uses,
  per_member_limit: code.per_member_limit,
  // A multiple select holds strings; the schema turns them back into numbers.
  product_ids: code.product_ids.map(String),
  member_types: code.member_types,
});

/** The create and edit form of a code (a dialog: focus trapped, Escape closes). */
function CodeDialog({ code, onClose }: { code: TDiscountCode | 'new'; onClose: () => void }) {
  const { t, i18n } = useTranslation('console-discounts');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const experiences = useExperienceOptions();
  const change = useDiscountChange();
  const form = useForm<TDiscountCodeBody>({
    resolver: zodResolver(ZDiscountCodeBody),
    defaultValues: code === 'new' ? emptyForm() : formOf(code),
  });
  const failed = useSaveFailure(form);
  const e = form.formState.errors;
  const kind = form.watch('kind');
  const en = i18n.language === 'en';
  const submit = form.handleSubmit((body) =>
    change.mutate(code === 'new' ? { kind: 'create', body } : { kind: 'update', id: code.id, body }, {
      onSuccess: (saved) => {
        onClose();
        void popup.success(t(code === 'new' ? 'form.created' : 'form.saved', { code: saved.code }));
      },
      onError: failed,
    }),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={code === 'new' ? t('form.createTitle') : t('form.editTitle', { code: code.code })}
      description={t('form.lead')}
    >
      <form noValidate onSubmit={submit}>
        <TextField
          label={t('form.code')}
          required
          autoComplete="off"
          hint={t('form.codeHint')}
          error={errorText(e.code)}
          {...form.register('code')}
        />
        <SelectField label={t('form.kind')} required error={errorText(e.kind)} {...form.register('kind')}>
          <Options values={DISCOUNT_KINDS} label={(k) => t(`kind.${k}`)} />
        </SelectField>
        {kind === 'AMOUNT' ? (
          <TextField
            label={t('form.amount')}
            required
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            error={errorText(e.amount)}
            {...form.register('amount', { setValueAs: numberOrNull })}
          />
        ) : (
          <TextField
            label={t('form.percent')}
            required
            type="number"
            inputMode="numeric"
            step="1"
            min="1"
            max="100"
            error={errorText(e.percent)}
            {...form.register('percent', { setValueAs: numberOrNull })}
          />
        )}
        <TextField
          label={t('form.validFrom')}
          type="date"
          error={errorText(e.valid_from)}
          {...form.register('valid_from', { setValueAs: (v) => (v ? v : null) })}
        />
        <TextField
          label={t('form.validTo')}
          type="date"
          error={errorText(e.valid_to)}
          {...form.register('valid_to', { setValueAs: (v) => (v ? v : null) })}
        />
        <TextField
          label={t('form.maxUses')}
          type="number"
          inputMode="numeric"
          min="1"
          hint={t('form.maxUsesHint')}
          error={errorText(e.max_uses)}
          {...form.register('max_uses', { setValueAs: numberOrNull })}
        />
        <TextField
          label={t('form.perMember')}
          required
          type="number"
          inputMode="numeric"
          min="1"
          error={errorText(e.per_member_limit)}
          {...form.register('per_member_limit', { setValueAs: (v) => Number(v) })}
        />
        <SelectField
          label={t('form.experiences')}
          hint={t('form.experiencesHint')}
          multiple
          size={4}
          error={errorText(e.product_ids as never)}
          {...form.register('product_ids')}
        >
          {experiences.data?.experiences.map((x) => (
            <option key={x.id} value={String(x.id)}>
              {`${en ? x.name_en : x.name_pl} (${x.start_date})`}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('form.memberTypes')}
          hint={t('form.memberTypesHint')}
          multiple
          size={2}
          error={errorText(e.member_types as never)}
          {...form.register('member_types')}
        >
          <Options values={DISCOUNT_MEMBER_TYPES} label={(m) => t(`memberType.${m}`)} />
        </SelectField>
        <Button type="submit" block loading={change.isPending}>
          {code === 'new' ? t('form.create') : t('form.save')}
        </Button>
      </form>
    </Dialog>
  );
}

function DeactivateDialog({ code, onClose }: { code: TDiscountCode; onClose: () => void }) {
  const { t } = useTranslation('console-discounts');
  const popup = usePopup();
  const change = useDiscountChange();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('deactivate.title', { code: code.code })}
      description={t('deactivate.lead')}
    >
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          change.mutate(
            { kind: 'deactivate', id: code.id },
            {
              onSuccess: () => {
                onClose();
                void popup.success(t('deactivate.done', { code: code.code }));
              },
              onError: (error) => void popup.warning(error),
            },
          );
        }}
      >
        <div className={uiStyles.filters}>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('deactivate.back')}
          </Button>
          <Button type="submit" variant="danger" loading={change.isPending}>
            {t('deactivate.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RedemptionsDialog({ code, onClose }: { code: TDiscountCode; onClose: () => void }) {
  const { t, i18n } = useTranslation('console-discounts');
  const list = useRedemptions(code.id);
  const when = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    [i18n.language],
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('redemptions.title', { code: code.code })}
      description={t('redemptions.lead')}
    >
      {list.isError ? (
        <DataLoadError onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <p role="status">{t('redemptions.loading')}</p>
      ) : list.data.length === 0 ? (
        <p>{t('redemptions.empty')}</p>
      ) : (
        <table className={uiStyles.table} aria-label={t('redemptions.title', { code: code.code })}>
          <thead>
            <tr>
              <th scope="col">{t('redemptions.order')}</th>
              <th scope="col">{t('redemptions.member')}</th>
              <th scope="col">{t('redemptions.discount')}</th>
              <th scope="col">{t('redemptions.status')}</th>
              <th scope="col">{t('redemptions.date')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((r) => (
              <tr key={r.order_id}>
                <td>
                  <Link to={consoleOrderPath(r.order_id)}>#{r.order_id}</Link>
                </td>
                <td>{r.member ? `${r.member.name} (${r.member.email})` : t('redemptions.removed')}</td>
                <td>{formatMoney(r.discount, i18n.language)}</td>
                <td>{t(`status.${r.status}`)}</td>
                <td>{when.format(new Date(r.created_at))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}

/** Discount codes: filtered, sorted and paged by the server; every filter in the address. */
export default function DiscountsPage() {
  const { t, i18n } = useTranslation('console-discounts');
  const state = useTableUrl(FILTERS, { sort: 'created_at', dir: 'desc' });
  const f = state.filters;
  const query: TDiscountListQuery = {
    ...pagedQuery(
      state,
      f.per_page,
      { offered: DISCOUNT_PAGE_SIZES, fallback: 25 },
      {
        offered: DISCOUNT_SORTS,
        fallback: 'created_at',
      },
    ),
    q: f.q || undefined,
    active: f.active === 'true' || f.active === 'false' ? f.active : undefined,
  };
  const list = useDiscountCodes(query);
  const [editing, setEditing] = useState<TDiscountCode | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<TDiscountCode | null>(null);
  const [showing, setShowing] = useState<TDiscountCode | null>(null);

  const columns = useMemo<ColumnDef<TDiscountCode>[]>(
    () => [
      {
        id: 'code',
        header: t('list.colCode'),
        meta: t('list.colCode'),
        cell: ({ row }) => <strong>{row.original.code}</strong>,
      },
      {
        id: 'value',
        header: t('list.colValue'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.kind === 'PERCENT'
            ? `${row.original.percent} %`
            : formatMoney(row.original.amount ?? 0, i18n.language),
      },
      {
        id: 'dates',
        header: t('list.colDates'),
        enableSorting: false,
        cell: ({ row }) => {
          const { valid_from: from, valid_to: to } = row.original;
          if (!from && !to) return t('list.noLimit');
          if (!to) return t('list.validFrom', { date: from });
          if (!from) return t('list.validTo', { date: to });
          return `${from} – ${to}`;
        },
      },
      {
        id: 'used',
        header: t('list.colUsed'),
        meta: t('list.colUsed'),
        cell: ({ row }) =>
          row.original.max_uses === null
            ? `${row.original.used}`
            : `${row.original.used} / ${row.original.max_uses}`,
      },
      {
        id: 'state',
        header: t('list.colState'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge tone={row.original.is_active ? 'success' : 'neutral'}>
            {row.original.is_active ? t('list.active') : t('list.inactive')}
          </Badge>
        ),
      },
      {
        id: 'actions',
        header: t('list.colActions'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className={uiStyles.rowActions}>
            <Button
              size="small"
              variant="ghost"
              onClick={() => setShowing(row.original)}
              aria-label={t('list.redemptionsOf', { code: row.original.code })}
            >
              {t('list.redemptions')}
            </Button>
            <Button
              size="small"
              variant="ghost"
              onClick={() => setEditing(row.original)}
              aria-label={t('list.editOf', { code: row.original.code })}
            >
              {t('list.edit')}
            </Button>
            {row.original.is_active && (
              <Button
                size="small"
                variant="ghost"
                onClick={() => setDeactivating(row.original)}
                aria-label={t('list.deactivateOf', { code: row.original.code })}
              >
                {t('list.deactivate')}
              </Button>
            )}
          </span>
        ),
      },
    ],
    [t, i18n.language],
  );

  return (
    <>
      <ConsolePageHeader
        title={t('list.title')}
        lead={t('list.lead')}
        actions={
          <Button type="button" onClick={() => setEditing('new')}>
            {t('list.create')}
          </Button>
        }
      />
      <FilterForm label={t('list.filters')} names={APPLIED_FILTERS} state={state}>
        <TextField label={t('list.search')} name="q" type="search" defaultValue={f.q} autoComplete="off" />
        <SelectField label={t('list.state')} name="active" defaultValue={f.active}>
          <option value="">{t('list.any')}</option>
          <option value="true">{t('list.active')}</option>
          <option value="false">{t('list.inactive')}</option>
        </SelectField>
      </FilterForm>
      <ConsoleList
        list={list}
        state={state}
        columns={columns}
        rowKey={(row) => row.id}
        labels={{
          caption: t('list.caption'),
          empty: t('list.empty'),
          pageOf: (page, last, total) => t('list.pageOf', { page, last, total }),
        }}
      />
      {editing && <CodeDialog code={editing} onClose={() => setEditing(null)} />}
      {deactivating && <DeactivateDialog code={deactivating} onClose={() => setDeactivating(null)} />}
      {showing && <RedemptionsDialog code={showing} onClose={() => setShowing(null)} />}
    </>
  );
}
