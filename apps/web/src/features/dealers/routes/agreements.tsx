import { zodResolver } from '@hookform/resolvers/zod';
import {
  CUSTOMER_STATUS,
  type AgreementTerm,
  REQUIRED_AGREEMENT_TERMS,
  type TAcceptAgreements,
  type TAcceptAgreementsInput,
  ZAcceptAgreements,
} from '@club/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Button,
  ConsentCheckboxList,
  PublicCard,
  PersonFields,
  PublicNotice,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import formLayout from '../../../components/ui/form-layout.module.css';
import { ApiError } from '../../../lib/api-client';
import { useConsentText } from '../../../lib/consents';
import { useAcceptAgreements, useAgreementsInvitation } from '../api/agreements';
import styles from '../components/dealers.module.css';
import { TokenPageStatus } from '../components/token-page-status';
import { useTokenPage } from '../hooks/use-token-page';

const CLUB_TERMS: AgreementTerm[] = ['term_1', 'term_2', 'term_2a', 'term_3'];
const MARKETING_TERMS: AgreementTerm[] = [
  'term_4_email',
  'term_4_post',
  'term_4_phone',
  'term_4_car',
  'term_4_group',
];

const isRequired = (term: AgreementTerm) => REQUIRED_AGREEMENT_TERMS.includes(term);

/** /agreements?token=: the invited customer reads and ticks the consents (DESIGN.md §5, §6). No session. */
export default function AgreementsPage() {
  const { t } = useTranslation('dealers');
  const page = useTokenPage(useAgreementsInvitation);
  if (page.state !== 'ready')
    return <TokenPageStatus page={page} title={t('agreements.title')} testId="agreements" />;
  return <AgreementsForm token={page.token} invitation={page.invitation} />;
}

function AgreementsForm({
  token,
  invitation,
}: {
  token: string;
  invitation: NonNullable<ReturnType<typeof useAgreementsInvitation>['data']>;
}) {
  const { t } = useTranslation('dealers');
  const consent = useConsentText();
  const popup = usePopup();
  const accept = useAcceptAgreements();
  const form = useForm<TAcceptAgreementsInput, unknown, TAcceptAgreements>({
    resolver: zodResolver(ZAcceptAgreements),
    defaultValues: {
      token,
      email: '',
      name: '',
      surname: '',
      ...Object.fromEntries([...CLUB_TERMS, ...MARKETING_TERMS].map((term) => [term, false])),
    },
  });
  const failed = useSaveFailure(form, t('agreements.failed'));

  if (accept.isSuccess) {
    return (
      <PublicCard title={t('agreements.doneTitle')}>
        <PublicNotice>
          <p role="status">
            {accept.data.status === CUSTOMER_STATUS.WAITING_REGISTRATION
              ? t('agreements.doneRegistration')
              : t('agreements.doneOrder')}
          </p>
        </PublicNotice>
      </PublicCard>
    );
  }

  const submit = form.handleSubmit((values) => {
    // Requiring e-mail and name is the server's call; an empty optional field is simply not sent.
    accept.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) {
          void popup.warning(error, t('agreements.invalid'));
          return;
        }
        failed(error);
      },
    });
  });

  const fullName = `${invitation.name} ${invitation.surname}`.trim();
  return (
    <PublicCard
      wide
      title={fullName ? t('agreements.greeting', { name: fullName }) : t('agreements.title')}
      lead={
        invitation.dealer_name
          ? t('agreements.lead', { dealer: invitation.dealer_name })
          : t('agreements.leadNoDealer')
      }
    >
      <form noValidate onSubmit={submit}>
        {(invitation.needs_email || invitation.needs_name) && (
          <>
            <h2 className={styles.groupTitle}>{t('agreements.contact')}</h2>
            <PersonFields
              form={form}
              labels={{
                ...(invitation.needs_name ? { name: t('fields.name'), surname: t('fields.surname') } : {}),
                ...(invitation.needs_email ? { email: t('fields.email') } : {}),
              }}
              emailHint={t('agreements.emailHint')}
            />
          </>
        )}
        <h2 className={styles.groupTitle}>{t('agreements.consents')}</h2>
        <div className={styles.terms}>
          <ConsentCheckboxList
            control={form.control}
            names={CLUB_TERMS}
            label={(term) => consent(term)}
            required={isRequired}
          />
          <p className={styles.note} style={{ marginTop: 'var(--space-3)' }}>
            {consent('marketing')}
          </p>
          <ConsentCheckboxList
            className={styles.subTerms}
            control={form.control}
            names={MARKETING_TERMS}
            label={(term) => consent(term)}
            required={isRequired}
          />
        </div>
        <p className={styles.note}>{t('terms.requiredNote')}</p>
        <div className={formLayout.actions}>
          <Button type="submit" loading={accept.isPending} block>
            {t('agreements.submit')}
          </Button>
        </div>
      </form>
    </PublicCard>
  );
}
