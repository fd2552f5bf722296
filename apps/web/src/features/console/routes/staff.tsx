import {
  type TStaffInvite,
  type TStaffMember,
  STAFF_SORTS,
  STAFF_STATUSES,
  ZStaffInvite,
} from '@club/shared';
import { STAFF_TYPES } from '@club/shared/constants';
import { staffContract } from '@club/shared/contract/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConsoleList } from '../../../components/console/console-list';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { oneOf, useSearchFilter, useTableUrl } from '../../../components/console/use-table-url';
import uiStyles from '../../../components/console/console-ui.module.css';
import {
  Badge,
  Button,
  Dialog,
  Options,
  SelectField,
  TextField,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import { fetchData, queryKeyOf, pageQueryOf } from '../../../lib/endpoint';
import styles from '../components/console.module.css';
import { ChoiceFilter } from '../../../components/console/filter-fields';
import { formatClubDate } from '../../../lib/club-time';

const FILTERS = ['search', 'type', 'status'] as const;

function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('console');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const queryClient = useQueryClient();
  const form = useForm<TStaffInvite>({
    resolver: zodResolver(ZStaffInvite),
    defaultValues: { email: '', name: '', surname: '', type: 'OPERATOR', language: 'pl' },
  });
  const invite = useMutation({
    mutationFn: (body: TStaffInvite) => fetchData(staffContract.invite, { body }),
  });
  const failed = useSaveFailure(form);
  const e = form.formState.errors;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('staff.inviteTitle')}
      description={t('staff.inviteLead')}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((body) =>
          invite.mutate(body, {
            onSuccess: (member) => {
              onOpenChange(false);
              form.reset();
              void queryClient.invalidateQueries({ queryKey: queryKeyOf(staffContract.list) });
              void popup.success(t('staff.invited', { email: member.email }));
            },
            onError: failed,
          }),
        )}
      >
        <TextField
          label={t('staff.email')}
          type="email"
          autoComplete="off"
          required
          error={errorText(e.email)}
          {...form.register('email')}
        />
        <TextField label={t('staff.name')} required error={errorText(e.name)} {...form.register('name')} />
        <TextField
          label={t('staff.surname')}
          required
          error={errorText(e.surname)}
          {...form.register('surname')}
        />
        <SelectField label={t('staff.role')} required error={errorText(e.type)} {...form.register('type')}>
          <Options values={STAFF_TYPES} label={(type) => t(`roles.${type}`)} />
        </SelectField>
        <SelectField
          label={t('staff.language')}
          required
          error={errorText(e.language)}
          {...form.register('language')}
        >
          <option value="pl">{t('shell.language_pl')}</option>
          <option value="en">{t('shell.language_en')}</option>
        </SelectField>
        <Button type="submit" block loading={invite.isPending}>
          {t('staff.send')}
        </Button>
      </form>
    </Dialog>
  );
}

function RowActions({ member }: { member: TStaffMember }) {
  const { t } = useTranslation('console');
  const popup = usePopup();
  const queryClient = useQueryClient();
  const who = `${member.name} ${member.surname}`.trim() || member.email;
  const act = useMutation({
    mutationFn: async (
      action: 'deactivate' | 'activate' | 'reset' | 'resend' | { role: TStaffMember['type'] },
    ) => {
      const params = { id: member.id };
      if (typeof action === 'object')
        return fetchData(staffContract.changeRole, { params, body: { type: action.role } });
      if (action === 'deactivate') return fetchData(staffContract.deactivate, { params });
      if (action === 'activate') return fetchData(staffContract.activate, { params });
      if (action === 'reset') return fetchData(staffContract.resetSecondFactor, { params });
      return fetchData(staffContract.resendInvitation, { params });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(staffContract.list) }),
    onError: (error) => void popup.warning(error),
  });
  const confirmThen = async (body: string, confirmLabel: string, run: () => void) => {
    if (await popup.confirm({ body, confirmLabel })) run();
  };
  if (member.is_me) return <span className={styles.muted}>{t('staff.you')}</span>;
  return (
    <div className={uiStyles.rowActions}>
      <select
        className={styles.roleSelect}
        aria-label={t('staff.roleOf', { who })}
        value={member.type}
        disabled={act.isPending}
        onChange={(event) => {
          const role = event.target.value as TStaffMember['type'];
          void confirmThen(
            t('staff.confirmRole', { who, role: t(`roles.${role}`) }),
            t('staff.changeRole'),
            () =>
              act.mutate({ role }, { onSuccess: () => void popup.success(t('staff.roleChanged', { who })) }),
          );
        }}
      >
        <Options values={STAFF_TYPES} label={(type) => t(`roles.${type}`)} />
      </select>
      {member.status === 'INVITED' && (
        <Button
          size="small"
          variant="ghost"
          disabled={act.isPending}
          onClick={() =>
            act.mutate('resend', {
              onSuccess: () => void popup.success(t('staff.resent', { email: member.email })),
            })
          }
          aria-label={t('staff.resendFor', { who })}
        >
          {t('staff.resend')}
        </Button>
      )}
      {member.second_factor && (
        <Button
          size="small"
          variant="ghost"
          disabled={act.isPending}
          aria-label={t('staff.resetFor', { who })}
          onClick={() =>
            void confirmThen(t('staff.confirmReset', { who }), t('staff.reset'), () =>
              act.mutate('reset', { onSuccess: () => void popup.success(t('staff.resetDone', { who })) }),
            )
          }
        >
          {t('staff.reset')}
        </Button>
      )}
      {member.status === 'DEACTIVATED' ? (
        <Button
          size="small"
          variant="ghost"
          disabled={act.isPending}
          aria-label={t('staff.activateFor', { who })}
          onClick={() => act.mutate('activate')}
        >
          {t('staff.activate')}
        </Button>
      ) : (
        <Button
          size="small"
          variant="danger"
          disabled={act.isPending}
          aria-label={t('staff.deactivateFor', { who })}
          onClick={() =>
            void confirmThen(t('staff.confirmDeactivate', { who }), t('staff.deactivate'), () =>
              act.mutate('deactivate'),
            )
          }
        >
          {t('staff.deactivate')}
        </Button>
      )}
    </div>
  );
}

const STATUS_TONE = { ACTIVE: 'success', INVITED: 'gold', DEACTIVATED: 'danger' } as const;

/** Staff accounts (administrators): the list with its filters in the address, invitations, changes. */
export default function StaffPage() {
  const { t, i18n } = useTranslation('console');
  const state = useTableUrl(FILTERS, { sort: 'name', dir: 'asc' });
  const [inviting, setInviting] = useState(false);
  const [search, setSearch] = useSearchFilter(state, 'search');

  const query = {
    page: state.page,
    sort: oneOf(STAFF_SORTS, state.sort, 'name'),
    dir: state.dir,
    where: {
      search: state.filters.search,
      type: oneOf(STAFF_TYPES, state.filters.type, undefined),
      status: oneOf(STAFF_STATUSES, state.filters.status, undefined),
    },
  };
  const list = useQuery(pageQueryOf(staffContract.list, { query }));

  const columns = useMemo<ColumnDef<TStaffMember>[]>(
    () => [
      {
        id: 'name',
        header: t('staff.colName'),
        meta: t('staff.colName'),
        cell: ({ row }) => (
          <strong className={styles.strong}>
            {`${row.original.name} ${row.original.surname}`.trim() || '—'}
          </strong>
        ),
      },
      {
        id: 'email',
        header: t('staff.colEmail'),
        meta: t('staff.colEmail'),
        cell: ({ row }) => row.original.email,
      },
      {
        id: 'type',
        header: t('staff.colRole'),
        meta: t('staff.colRole'),
        cell: ({ row }) => t(`roles.${row.original.type}`),
      },
      {
        id: 'status',
        header: t('staff.colStatus'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge tone={STATUS_TONE[row.original.status]}>{t(`staff.status_${row.original.status}`)}</Badge>
        ),
      },
      {
        id: 'second_factor',
        header: t('staff.colFactor'),
        enableSorting: false,
        cell: ({ row }) => (row.original.second_factor ? t('staff.factorOn') : t('staff.factorOff')),
      },
      {
        id: 'created_at',
        header: t('staff.colCreated'),
        meta: t('staff.colCreated'),
        cell: ({ row }) => formatClubDate(row.original.created_at, i18n.language, 'short'),
      },
      {
        id: 'actions',
        header: t('staff.colActions'),
        enableSorting: false,
        cell: ({ row }) => <RowActions member={row.original} />,
      },
    ],
    [t, i18n.language],
  );

  return (
    <>
      <ConsolePageHeader
        title={t('staff.title')}
        lead={t('staff.lead')}
        actions={<Button onClick={() => setInviting(true)}>{t('staff.invite')}</Button>}
      />
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      <div className={uiStyles.filters} role="search" aria-label={t('staff.filters')}>
        <TextField
          label={t('staff.search')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <ChoiceFilter
          state={state}
          name="type"
          label={t('staff.role')}
          any={t('staff.any')}
          choices={STAFF_TYPES.map((type) => ({ value: type, label: t(`roles.${type}`) }))}
        />
        <ChoiceFilter
          state={state}
          name="status"
          label={t('staff.colStatus')}
          any={t('staff.any')}
          choices={STAFF_STATUSES.map((status) => ({ value: status, label: t(`staff.status_${status}`) }))}
        />
      </div>
      <ConsoleList
        list={list}
        state={state}
        columns={columns}
        rowKey={(m) => m.id}
        labels={{
          caption: t('staff.title'),
          empty: t('staff.empty'),
        }}
      />
    </>
  );
}
