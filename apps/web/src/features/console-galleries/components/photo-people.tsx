import { zodResolver } from '@hookform/resolvers/zod';
import { ZPhotoPersonInput } from '@club/shared/schemas/admin-catalog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Button,
  DataLoadError,
  Dialog,
  Spinner,
  TextField,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import { usePhotoPeople, useTagPerson, useUntagPerson } from '../api/photo-people';
import styles from './galleries.module.css';

/**
 * Who a gallery photo shows (issue 31, docs/privacy.md "Erasure"): staff add a member by e-mail or
 * club card and take one off. Removing a member's account deletes the photos tagged with them, so the
 * dialog says so. Opened from the photo's actions; the list is read when it opens.
 */
export function PhotoPeople({
  galleryId,
  photoId,
  number,
}: {
  galleryId: number;
  photoId: number;
  number: number;
}) {
  const { t } = useTranslation('console-galleries');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={t('people.open', { number })}
      >
        {t('people.button')}
      </Button>
      {open && (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={t('people.title', { number })}
          description={t('people.lead')}
        >
          <PeopleOfPhoto photo={{ id: galleryId, photoId }} />
        </Dialog>
      )}
    </>
  );
}

function PeopleOfPhoto({ photo }: { photo: { id: number; photoId: number } }) {
  const { t } = useTranslation('console-galleries');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const people = usePhotoPeople(photo, true);
  const tag = useTagPerson(photo);
  const untag = useUntagPerson(photo);
  const form = useForm({ resolver: zodResolver(ZPhotoPersonInput), defaultValues: { member: '' } });
  const failed = useSaveFailure(form);
  const submit = form.handleSubmit((body) =>
    tag.mutateAsync(body.member).then(
      () => form.reset({ member: '' }),
      (error: unknown) => failed(error),
    ),
  );

  return (
    <div className={styles.people}>
      {people.isError && <DataLoadError />}
      {people.isPending && <Spinner />}
      {people.data &&
        (people.data.length === 0 ? (
          <p className={styles.peopleNone}>{t('people.none')}</p>
        ) : (
          <>
            <h3 className={styles.peopleHeading}>{t('people.shows')}</h3>
            <ul className={styles.peopleList} aria-label={t('people.shows')}>
              {people.data.map((p) => {
                const who = `${p.name} ${p.surname}`.trim() || p.email;
                return (
                  <li key={p.user_id} className={styles.person}>
                    <span>
                      {who} <span className={styles.personEmail}>{p.email}</span>
                    </span>
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={t('people.remove', { who })}
                      loading={untag.isPending && untag.variables === p.user_id}
                      onClick={() => untag.mutate(p.user_id, { onError: (e) => void popup.warning(e) })}
                    >
                      {t('people.removeShort')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </>
        ))}
      <form className={styles.peopleForm} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('people.member')}
          hint={t('people.memberHint')}
          autoComplete="off"
          required
          error={errorText(form.formState.errors.member)}
          {...form.register('member')}
        />
        <Button type="submit" variant="secondary" loading={tag.isPending}>
          {t('people.add')}
        </Button>
      </form>
    </div>
  );
}
