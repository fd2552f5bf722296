import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type SectionLook, usePopup } from '../../../components/ui';
import { consolePaths } from '../../../config/console';
import { useRemoveMember } from '../api/remove-member';
import { WrittenRequestForm } from './written-request';

/**
 * Removing an account on the person's written request (administrators; docs/privacy.md "Erasure"):
 * the request's reference is required and goes to the audit log; a confirmation names the person and
 * says what stays (issued invoices, the consent history as proof). Afterwards the console returns to
 * the search, where the person no longer appears.
 */
export function RemoveMember({
  member,
  look,
}: {
  member: { id: number; name: string; surname: string; email: string };
  look: SectionLook;
}) {
  const { t } = useTranslation('console-members');
  const popup = usePopup();
  const navigate = useNavigate();
  const remove = useRemoveMember(member.id);
  const who = `${member.name} ${member.surname}`.trim() || member.email;

  return (
    <WrittenRequestForm
      id="member-remove"
      title={t('remove.title')}
      lead={t('remove.lead')}
      submitLabel={t('remove.submit')}
      danger
      look={look}
      pending={remove.isPending}
      confirm={(request) => ({
        title: t('remove.confirmTitle', { who }),
        body: t('remove.confirmBody', { email: member.email, request }),
        confirmLabel: t('remove.confirm'),
      })}
      send={(body, failed) =>
        remove.mutate(body, {
          onError: failed,
          onSuccess: () => {
            navigate(consolePaths.members, { replace: true });
            void popup.success(t('remove.done', { request: body.request }));
          },
        })
      }
    />
  );
}
