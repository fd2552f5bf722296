import { INTERESTS_MIN } from '@club/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DataLoadError, EmptyState, LoadingOverlay, usePopup } from '../../../components/ui';
import formLayout from '../../../components/ui/form-layout.module.css';
import { reloadCurrentUser } from '../../../lib/session';
import { useInterests, useUpdateInterests } from '../api/interests';
import styles from '../components/account.module.css';
import { AccountSection } from '../components/account-section';
import { useAccount } from '../components/account-layout';
import { CheckIcon } from '../../../components/ui/icons';

/** /account/your-interests: at least 6 (SPEC.md §5); a dealer sees the default selection, disabled. */
export default function YourInterestsPage() {
  const { t } = useTranslation('account');
  const { t: tv } = useTranslation('validation');
  const popup = usePopup();
  const { account } = useAccount();
  const interests = useInterests();
  const update = useUpdateInterests();
  const [selected, setSelected] = useState<Set<number>>(() => new Set(account.interests));
  const editable = account.isCustomer;
  const tooFew = selected.size < INTERESTS_MIN;

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const save = () =>
    update.mutate(
      [...selected].sort((a, b) => a - b),
      {
        onSuccess: () => {
          reloadCurrentUser();
          void popup.success(t('interests.saved'));
        },
        onError: (error) => void popup.warning(error, t('interests.saveFailed')),
      },
    );

  return (
    <AccountSection
      id="interests"
      title={t('interests.title')}
      lead={t('interests.lead')}
      readOnly={!editable}
    >
      {interests.isError ? (
        <DataLoadError onRetry={() => void interests.refetch()} />
      ) : (
        <LoadingOverlay active={interests.isPending || update.isPending}>
          {interests.data?.length === 0 ? (
            <EmptyState>{t('interests.empty')}</EmptyState>
          ) : (
            <fieldset className={formLayout.fieldset} disabled={!editable}>
              <legend className="visually-hidden">{t('interests.title')}</legend>
              <ul className={styles.interests}>
                {(interests.data ?? []).map((interest) => (
                  <li key={interest.id}>
                    <label className={styles.interest}>
                      <input
                        type="checkbox"
                        className="visually-hidden"
                        checked={selected.has(interest.id)}
                        onChange={(e) => toggle(interest.id, e.target.checked)}
                      />
                      <span className={styles.interestMark} aria-hidden="true">
                        <CheckIcon />
                      </span>
                      {interest.name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </LoadingOverlay>
      )}
      <div className={`${formLayout.actions} ${formLayout.actionsBetween}`}>
        <div aria-live="polite">
          <span
            className={[styles.counter, tooFew ? styles.counterShort : ''].join(' ')}
            data-testid="interests-counter"
          >
            {t('interests.selected', { count: selected.size })}
          </span>
          {tooFew && (
            <p
              className={styles.counterShort}
              role="alert"
              style={{ margin: 'var(--space-1) 0 0', fontSize: 'var(--text-sm)' }}
            >
              {tv('interestsMin', { count: INTERESTS_MIN, amount: INTERESTS_MIN })}
            </p>
          )}
        </div>
        <Button
          onClick={save}
          loading={update.isPending}
          disabled={!editable || tooFew || update.isPending || !interests.data}
        >
          {t('interests.save')}
        </Button>
      </div>
    </AccountSection>
  );
}
