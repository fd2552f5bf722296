import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

export function Spinner({ size = 'normal', label }: { size?: 'small' | 'normal'; label?: string }) {
  const { t } = useTranslation();
  return (
    <span
      role="status"
      aria-label={label ?? t('state.loading')}
      className={[styles.spinner, size === 'small' ? styles.spinnerSmall : ''].join(' ')}
    />
  );
}
