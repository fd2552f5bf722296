import { type TNewCheckInList, ZNewCheckInList } from '@club/shared/schemas/check-in-lists';
import type { TGateExperience } from '@club/shared/contract/event-day';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { LoadStatus } from '../../../components/console/load-status';
import {
  Button,
  buttonClass,
  CheckboxField,
  Dialog,
  EmptyState,
  TextField,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import { consolePaths } from '../../../config/console';
import { useCreateList, useRemoveList, useUpdateList } from '../api/check-in-lists';
import { useGateExperiences } from '../api/gate';
import styles from '../components/check-in-lists.module.css';
import { ExperiencePicker, gateOnDevice } from '../components/experience-picker';
import { GateTabs } from '../components/gate-tabs';
import { ListConflicts } from '../components/list-conflicts';

type ListRow = TGateExperience['lists'][number];
type Editing = { experienceId: number; list: ListRow | null };

/**
 * The check-in lists of an experience (issue 29, docs/event-day.md): the main entrance and the
 * lists staff add for its parts ("Paddock", "Dinner"), each with whether guests leave and come back
 * (then the gate and the door list offer check-out). Renamed and removed here; a list somebody was
 * let in on stays, to keep the attendance. The gate chooses which list it serves.
 */
export default function CheckInListsPage() {
  const { t } = useTranslation('console-gate');
  const popup = usePopup();
  const experiences = useGateExperiences();
  const remove = useRemoveList();
  const [chosen, setChosen] = useState(0);
  const [editing, setEditing] = useState<Editing | null>(null);

  if (!experiences.data) return <LoadStatus query={experiences} />;
  const all = experiences.data;
  const device = gateOnDevice();
  const experience =
    all.find((e) => e.id === chosen) ??
    all.find((e) => e.lists.some((l) => l.id === device.list)) ??
    all.find((e) => e.id === device.experience) ??
    null;
  const nameOf = (l: ListRow) => l.name ?? t('defaultList');

  const askRemove = async (l: ListRow) => {
    const ok = await popup.confirm({
      title: t('lists.removeTitle', { name: nameOf(l) }),
      body: t('lists.removeBody'),
      confirmLabel: t('lists.remove'),
    });
    if (ok)
      remove.mutate(l.id, {
        onError: (error) => void popup.warning(error, t('failed')),
      });
  };

  return (
    <div className={styles.page}>
      <ConsolePageHeader
        title={t('lists.title')}
        lead={t('lists.lead')}
        actions={
          experience ? (
            <Button onClick={() => setEditing({ experienceId: experience.id, list: null })}>
              {t('lists.add')}
            </Button>
          ) : undefined
        }
      />
      <GateTabs />
      <ExperiencePicker experiences={all} value={experience?.id ?? 0} onChange={setChosen} />
      {experience === null ? (
        <p className={styles.muted}>{all.length ? t('chooseFirst') : t('noExperiences')}</p>
      ) : experience.lists.length === 0 ? (
        <EmptyState>{t('lists.none')}</EmptyState>
      ) : (
        <ul className={styles.lists} aria-label={t('lists.of', { name: experience.name })}>
          {experience.lists.map((l) => (
            <li key={l.id} className={styles.list}>
              <div className={styles.listText}>
                <strong>{nameOf(l)}</strong>
                <span className={styles.muted}>
                  {[
                    l.is_default ? t('lists.main') : null,
                    l.allows_check_out ? t('lists.checkOutOn') : t('lists.checkOutOff'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </div>
              <div className={styles.listActions}>
                <Link className={buttonClass('ghost', 'small')} to={`${consolePaths.doorList}?list=${l.id}`}>
                  {t('lists.openDoorList')}
                </Link>
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => setEditing({ experienceId: experience.id, list: l })}
                  aria-label={t('lists.editNamed', { name: nameOf(l) })}
                >
                  {t('lists.edit')}
                </Button>
                {!l.is_default && (
                  <Button
                    size="small"
                    variant="ghost"
                    disabled={remove.isPending}
                    onClick={() => void askRemove(l)}
                    aria-label={t('lists.removeNamed', { name: nameOf(l) })}
                  >
                    {t('lists.remove')}
                  </Button>
                )}
              </div>
              <ListConflicts listId={l.id} listName={nameOf(l)} />
            </li>
          ))}
        </ul>
      )}
      {editing && <ListDialog editing={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

/** A new list, or a list renamed / its check-out setting changed. */
function ListDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('console-gate');
  const errorText = useFieldErrorText();
  const create = useCreateList(editing.experienceId);
  const update = useUpdateList();
  const { list } = editing;
  const form = useForm<TNewCheckInList>({
    resolver: zodResolver(ZNewCheckInList),
    defaultValues: {
      name: list ? (list.name ?? (list.is_default ? t('defaultList') : '')) : '',
      allows_check_out: list?.allows_check_out ?? false,
    },
  });
  const failed = useSaveFailure(form, t('failed'));
  const submit = form.handleSubmit((body) =>
    list
      ? update.mutate({ id: list.id, body }, { onSuccess: onClose, onError: failed })
      : create.mutate(body, { onSuccess: onClose, onError: failed }),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={list ? t('lists.editTitle') : t('lists.addTitle')}
      description={t('lists.dialogLead')}
    >
      <form noValidate onSubmit={submit} className={styles.form}>
        <TextField
          label={t('lists.name')}
          hint={t('lists.nameHint')}
          required
          autoComplete="off"
          maxLength={60}
          error={errorText(form.formState.errors.name)}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="allows_check_out"
          render={({ field }) => (
            <CheckboxField
              label={t('lists.checkOut')}
              checked={field.value === true}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <p className={styles.muted}>{t('lists.checkOutHint')}</p>
        <div className={styles.formActions}>
          <Button variant="ghost" onClick={onClose}>
            {t('override.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {list ? t('lists.save') : t('lists.add')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
