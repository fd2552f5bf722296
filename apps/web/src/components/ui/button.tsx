import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { Spinner } from './spinner';
import styles from './ui.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: 'small' | 'normal';
  block?: boolean;
  loading?: boolean;
};

export const buttonClass = (
  variant: ButtonVariant = 'primary',
  size: 'small' | 'normal' = 'normal',
  block = false,
) =>
  [styles.button, styles[variant], size === 'small' ? styles.small : '', block ? styles.block : '']
    .filter(Boolean)
    .join(' ');

export const Button = forwardRef<HTMLButtonElement, Props>(function Button(
  {
    variant = 'primary',
    size = 'normal',
    block = false,
    loading = false,
    className,
    children,
    disabled,
    type = 'button',
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={[buttonClass(variant, size, block), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="small" />}
      {children}
    </button>
  );
});
