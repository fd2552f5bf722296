import { ZWrittenRequestBody } from '@club/shared/schemas/privacy-console';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Button,
  type SectionLook,
  TextField,
  TitledSection,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import styles from './console-members.module.css';

type Body = { request: string };

/**
 * A staff action taken on a member's written request (docs/privacy.md: the export started by staff,
 * the removal): the request's reference is required and goes to the audit log, and a confirmation
 * says what will happen before `send` runs.
 */
export function WrittenRequestForm({
  id,
  title,
  lead,
  submitLabel,
  danger = false,
  look,
  confirm,
  send,
  pending,
}: {
  id: string;
  title: string;
  lead: string;
  submitLabel: string;
  danger?: boolean;
  look: SectionLook;
  confirm: (request: string) => { title: string; body: string; confirmLabel: string };
  /** Runs the action; a refusal is given back to the form through `failed`. */
  send: (body: Body, failed: (error: unknown) => void) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('console-members');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const form = useForm({ resolver: zodResolver(ZWrittenRequestBody), defaultValues: { request: '' } });
  const failed = useSaveFailure(form);

  const submit = form.handleSubmit(async (body) => {
    if (!(await popup.confirm(confirm(body.request)))) return;
    send(body, failed);
  });

  return (
    <TitledSection id={id} title={title} look={look}>
      <p className={styles.muted}>{lead}</p>
      <form className={styles.remove} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('remove.request')}
          hint={t('remove.requestHint')}
          required
          autoComplete="off"
          error={errorText(form.formState.errors.request)}
          {...form.register('request')}
        />
        <Button type="submit" variant={danger ? 'danger' : 'secondary'} loading={pending}>
          {submitLabel}
        </Button>
      </form>
    </TitledSection>
  );
}
