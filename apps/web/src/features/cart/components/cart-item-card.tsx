import { zodResolver } from '@hookform/resolvers/zod';
import {
  cartItemSchema,
  formatMoney,
  maxCartQuantity,
  type TCartItem,
  type TCartItemUpdateInput,
} from '@club/shared';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge, Button, CheckboxField, TextField, useFieldErrorText, usePopup } from '../../../components/ui';
import { useAcknowledgePrice } from '../api/acknowledge-price';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useUpdateCartItem } from '../api/update-cart-item';
import styles from './cart.module.css';
import { formatClubDate } from '../../../lib/club-time';

type FormValues = {
  quantity: number | string;
  cart_label_answer: string;
  persons: { name: string; surname: string }[];
  terms: { term_id: number; value: boolean }[];
};

/** One cart line: a summary row that expands into the data the order needs (SPEC.md §5). */
export function CartItemCard({ item }: { item: TCartItem }) {
  const { t, i18n } = useTranslation('cart');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const acknowledge = useAcknowledgePrice();
  const [open, setOpen] = useState(!item.is_filled);
  const panelId = useId();
  const { product } = item;
  const max = maxCartQuantity(product);
  const rules = useMemo(
    () => ({ maxQuantity: max, termIds: product.terms.map((x) => x.id) }),
    [max, product.terms],
  );

  const form = useForm<FormValues>({
    resolver: zodResolver(cartItemSchema(rules)) as never,
    defaultValues: {
      quantity: item.quantity,
      cart_label_answer: item.cart_label_answer ?? '',
      persons: Array.from(
        { length: Math.max(0, max - 1) },
        (_, i) => item.persons[i] ?? { name: '', surname: '' },
      ),
      terms: product.terms.map((x) => ({ term_id: x.id, value: x.selected })),
    },
  });
  const quantity = Number(form.watch('quantity')) || 0;
  const companions = Math.max(0, Math.min(quantity, max) - 1);
  const money = (v: number) => formatMoney(v, i18n.language);
  const date = formatClubDate(product.start_date, i18n.language, 'long');

  const onSubmit = form.handleSubmit(async (values) => {
    const input: TCartItemUpdateInput = {
      quantity: Number(values.quantity),
      cart_label_answer: values.cart_label_answer,
      persons: values.persons.slice(0, Math.max(0, Number(values.quantity) - 1)),
      terms: values.terms.map((x) => ({ term_id: x.term_id, value: x.value })),
    };
    try {
      await update.mutateAsync({ id: item.id, ...input });
      setOpen(false);
    } catch (error) {
      await popup.warning(error, t('updateFailed'));
    }
  });

  const onRemove = async () => {
    if (!(await popup.confirm({ body: t('removeConfirm', { name: product.name }) }))) return;
    try {
      await remove.mutateAsync(item.id);
    } catch (error) {
      await popup.warning(error, t('removeFailed'));
    }
  };

  return (
    <article className={styles.item} data-testid="cart-item" aria-label={product.name}>
      <div className={styles.itemHead}>
        <div className={styles.itemTitle}>
          <p className={styles.eyebrow}>
            {product.category_name} · {date}
            {product.start_time ? `, ${product.start_time}` : ''}
          </p>
          <h2 className={styles.itemName}>{product.name}</h2>
          <div className={styles.badges}>
            {!product.can_order ? (
              <Badge tone="danger">{t('cannotOrder')}</Badge>
            ) : item.is_filled ? (
              <Badge tone="success">{t('filled')}</Badge>
            ) : (
              <Badge tone="warning">{t('unfilled')}</Badge>
            )}
          </div>
        </div>
        <div className={styles.itemPrice}>
          <strong>{money(product.price * Math.max(1, item.quantity))}</strong>
          <span>
            {item.quantity} × {t('unitPrice', { price: money(product.price) })}
          </span>
        </div>
      </div>
      {item.price_changed_from !== null && (
        <div className={styles.priceChanged} role="status">
          <p>
            {t('priceChanged', {
              from: money(item.price_changed_from),
              to: money(product.price),
            })}
          </p>
          <Button
            variant="secondary"
            size="small"
            loading={acknowledge.isPending}
            onClick={() =>
              acknowledge.mutate(item.id, {
                onError: (error) => void popup.warning(error, t('priceAcknowledgeFailed')),
              })
            }
          >
            {t('priceAcknowledge')}
          </Button>
        </div>
      )}
      <div className={styles.itemActions}>
        <Button
          variant="secondary"
          size="small"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('collapse') : item.is_filled ? t('edit') : t('expand')}
        </Button>
        <Button variant="ghost" size="small" onClick={onRemove} loading={remove.isPending}>
          {t('remove')}
        </Button>
      </div>
      {open && (
        <form id={panelId} className={styles.itemForm} onSubmit={onSubmit} noValidate>
          <div className={styles.quantityRow}>
            <TextField
              label={t('quantity')}
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, max)}
              required
              error={errorText(form.formState.errors.quantity)}
              {...form.register('quantity')}
            />
            <p className={styles.hint}>{t('limitText')}</p>
          </div>
          {Array.from({ length: companions }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a companion is identified by its position
            <fieldset key={`person-${i}`} className={styles.fieldset}>
              <legend>{t('companion', { number: i + 1 })}</legend>
              <div className={styles.twoCols}>
                <TextField
                  label={t('name')}
                  required
                  autoComplete="off"
                  error={errorText(form.formState.errors.persons?.[i]?.name)}
                  {...form.register(`persons.${i}.name`)}
                />
                <TextField
                  label={t('surname')}
                  required
                  autoComplete="off"
                  error={errorText(form.formState.errors.persons?.[i]?.surname)}
                  {...form.register(`persons.${i}.surname`)}
                />
              </div>
            </fieldset>
          ))}
          {product.terms.length > 0 && (
            <fieldset className={styles.fieldset}>
              <legend>{t('terms')}</legend>
              {product.terms.map((term, i) => (
                <div key={term.id} className={styles.term}>
                  <Controller
                    control={form.control}
                    name={`terms.${i}.value`}
                    render={({ field }) => (
                      <CheckboxField
                        label={term.name}
                        checked={Boolean(field.value)}
                        onCheckedChange={field.onChange}
                        error={errorText(form.formState.errors.terms?.[i]?.value)}
                      />
                    )}
                  />
                  {term.file_url && (
                    <a
                      className={styles.download}
                      href={term.file_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      download
                    >
                      {t('download')}
                    </a>
                  )}
                </div>
              ))}
            </fieldset>
          )}
          {product.cart_label && (
            <TextField
              label={product.cart_label}
              maxLength={500}
              error={errorText(form.formState.errors.cart_label_answer)}
              {...form.register('cart_label_answer')}
            />
          )}
          <div className={styles.formActions}>
            <Button type="submit" loading={update.isPending}>
              {t('save')}
            </Button>
          </div>
        </form>
      )}
    </article>
  );
}
