import { useTranslation } from 'react-i18next';
import { type SectionLook, usePopup } from '../../../components/ui';
import { useStartExport } from '../api/members';
import { WrittenRequestForm } from './written-request';

/**
 * A copy of the member's data started by staff on a written request (RODO art. 15; docs/privacy.md
 * "Started by staff"): the copy is built in the member's language and goes to the member only (a
 * mail, then the member's own single-use link); staff see that it was queued, never the file.
 */
export function StaffExport({ member, look }: { member: { id: number; email: string }; look: SectionLook }) {
  const { t } = useTranslation('console-members');
  const popup = usePopup();
  const start = useStartExport(member.id);

  return (
    <WrittenRequestForm
      id="member-export"
      title={t('export.title')}
      lead={t('export.lead')}
      submitLabel={t('export.submit')}
      look={look}
      pending={start.isPending}
      confirm={(request) => ({
        title: t('export.confirmTitle'),
        body: t('export.confirmBody', { email: member.email, request }),
        confirmLabel: t('export.confirm'),
      })}
      send={(body, failed) =>
        start.mutate(body, {
          onError: failed,
          onSuccess: (queued) =>
            void popup.success(
              t('export.done', {
                request: body.request,
                email: member.email,
                language: t(`export.language.${queued.language}`),
              }),
            ),
        })
      }
    />
  );
}
