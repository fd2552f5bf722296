import { type TInvoiceSummary, ZKsefResend } from '@club/shared';
import { ksefContract } from '@club/shared/contract/ksef';
import { invoicesContract } from '@club/shared/contract/invoices';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  Button,
  Dialog,
  TextField,
  useFieldErrorText,
  usePopup,
  useSaveFailure,
} from '../../../components/ui';
import { fetchData, queryPrefixOf } from '../../../lib/endpoint';
import styles from './invoices.module.css';

const ZForm = z.object({ buyer: ZKsefResend.shape.buyer.unwrap() });
type FormInput = z.input<typeof ZForm>;
type FormOutput = z.output<typeof ZForm>;

/** The buyer as the invoice has it: a tax number under a two-letter prefix is split from it. */
function buyerOf(invoice: TInvoiceSummary): FormInput['buyer'] {
  const prefixed = /^([A-Z]{2})(.+)$/.exec(invoice.buyer_tax_number);
  return {
    name: invoice.buyer_name,
    tax_prefix: prefixed ? prefixed[1]! : 'PL',
    tax_number: prefixed ? prefixed[2]! : invoice.buyer_tax_number,
    address_1: invoice.buyer_address[0] ?? '',
    address_2: invoice.buyer_address[1] ?? '',
  };
}

/**
 * An invoice KSeF rejected, sent again: KSeF's reason, and the buyer's data to put right when that
 * was the cause (an invoice KSeF refused was never issued in KSeF, so it may still change).
 */
export function ResendDialog({ invoice, onClose }: { invoice: TInvoiceSummary | null; onClose: () => void }) {
  const { t } = useTranslation('console-invoices');
  const errorText = useFieldErrorText();
  const popup = usePopup();
  const queryClient = useQueryClient();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(ZForm) });
  useEffect(() => {
    if (invoice) form.reset({ buyer: buyerOf(invoice) });
  }, [invoice, form]);
  const resend = useMutation({
    mutationFn: (body: FormOutput) => fetchData(ksefContract.resend, { params: { id: invoice!.id }, body }),
  });
  const failed = useSaveFailure(form);
  const e = form.formState.errors.buyer;
  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('ksef.resendTitle', { number: invoice?.number ?? '' })}
      description={t('ksef.resendLead')}
    >
      {invoice?.ksef?.error_reason && (
        <p className={styles.reasonBox}>
          <span className={styles.strong}>{t('ksef.reasonLabel')}</span>{' '}
          <span className={styles.reason}>
            {invoice.ksef.error_code !== null && `${invoice.ksef.error_code} · `}
            {invoice.ksef.error_reason}
          </span>
        </p>
      )}
      <form
        noValidate
        onSubmit={form.handleSubmit((body) =>
          resend.mutate(body, {
            onSuccess: (sent) => {
              onClose();
              void queryClient.invalidateQueries({ queryKey: queryPrefixOf(invoicesContract.list) });
              void popup.success(t('ksef.resent', { number: sent.number }));
            },
            onError: failed,
          }),
        )}
      >
        <TextField
          label={t('ksef.buyerName')}
          required
          error={errorText(e?.name)}
          {...form.register('buyer.name')}
        />
        <TextField
          label={t('ksef.taxPrefix')}
          hint={t('ksef.taxPrefixHint')}
          required
          maxLength={2}
          autoCapitalize="characters"
          error={errorText(e?.tax_prefix)}
          {...form.register('buyer.tax_prefix')}
        />
        <TextField
          label={t('ksef.taxNumber')}
          required
          inputMode="text"
          error={errorText(e?.tax_number)}
          {...form.register('buyer.tax_number')}
        />
        <TextField
          label={t('ksef.address1')}
          required
          autoComplete="off"
          error={errorText(e?.address_1)}
          {...form.register('buyer.address_1')}
        />
        <TextField
          label={t('ksef.address2')}
          required
          autoComplete="off"
          error={errorText(e?.address_2)}
          {...form.register('buyer.address_2')}
        />
        <Button type="submit" block loading={resend.isPending}>
          {t('ksef.resend')}
        </Button>
      </form>
    </Dialog>
  );
}
