import type { TConsoleMemberPhoto } from '@club/shared/schemas/privacy-console';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SectionLook, TitledSection } from '../../../components/ui';
import { consoleGalleryPath } from '../../../config/console';
import styles from './console-members.module.css';

/**
 * The gallery photos staff tagged as showing the member (issue 31): each with its gallery, linked to
 * the gallery editor, where the tag is taken off or the photo removed. Removing the account deletes
 * them (docs/privacy.md "Erasure").
 */
export function MemberPhotos({ photos, look }: { photos: TConsoleMemberPhoto[]; look: SectionLook }) {
  const { t, i18n } = useTranslation('console-members');
  const en = i18n.language === 'en';
  return (
    <TitledSection id="member-photos" title={t('photos.title')} look={look}>
      <p className={styles.muted}>{t('photos.lead')}</p>
      {photos.length === 0 ? (
        <p className={styles.muted}>{t('photos.none')}</p>
      ) : (
        <ul className={styles.photos} data-testid="member-photos">
          {photos.map((p) => {
            const gallery = en ? p.gallery_name_en : p.gallery_name_pl;
            const caption = (en ? p.caption_en : p.caption_pl) || (en ? p.caption_pl : p.caption_en);
            return (
              <li key={p.photo_id}>
                <Link className={styles.photo} to={`${consoleGalleryPath(p.gallery_id)}#gallery-photos`}>
                  <img
                    src={p.file_url}
                    srcSet={p.srcset ?? undefined}
                    sizes="10rem"
                    alt={caption}
                    width={160}
                    height={107}
                    loading="lazy"
                  />
                  <span>{t('photos.inGallery', { gallery })}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </TitledSection>
  );
}
