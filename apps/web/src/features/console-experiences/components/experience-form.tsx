import { zodResolver } from '@hookform/resolvers/zod';
import type { TAdminCatalogOptions } from '@club/shared/contract/admin-catalog';
import { VAT_RATES, ZAdminProductInput } from '@club/shared/schemas/admin-catalog';
import { REMINDER_DAYS_MAX } from '@club/shared/schemas/event-mail';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '../../../components/admin/rich-text-editor/lazy';
import { Button, CheckboxField, SelectField, TextField, useFieldErrorText } from '../../../components/ui';
import type { ExperienceFormValues } from './form-values';
import styles from './console-experiences.module.css';

export function useExperienceForm(values: ExperienceFormValues) {
  return useForm<ExperienceFormValues>({
    // The shared schema is the server's: the same rules, the same message keys.
    resolver: zodResolver(ZAdminProductInput) as never,
    defaultValues: values,
    mode: 'onTouched',
  });
}

const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const number = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{title}</legend>
      {children}
    </fieldset>
  );
}

/** Every field SPEC.md §3 gives an experience, in both languages; the photos are apart (they save at once). */
export function ExperienceForm({
  form,
  options,
  seatsTaken,
  onSubmit,
  submitLabel,
  saving,
}: {
  form: UseFormReturn<ExperienceFormValues>;
  options: TAdminCatalogOptions;
  seatsTaken?: number;
  onSubmit: (values: ExperienceFormValues) => void;
  submitLabel: string;
  saving: boolean;
}) {
  const { t, i18n } = useTranslation('console-experiences');
  const errorText = useFieldErrorText();
  const { register, control, formState } = form;
  const errors = formState.errors;
  const terms = useFieldArray({ control, name: 'terms' });
  const en = i18n.language === 'en';
  const err = (name: keyof ExperienceFormValues) =>
    errorText(errors[name] as { message?: string } | undefined);

  const rich = (
    name: 'description_pl' | 'description_en' | 'ann_description_pl' | 'ann_description_en',
    hint?: string,
  ) => (
    <RichTextField
      control={control}
      name={name}
      label={t(`fields.${name}`)}
      contentLang={name.endsWith('_en') ? 'en' : 'pl'}
      error={err(name)}
      hint={hint}
    />
  );

  return (
    <form className={styles.form} onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Section title={t('sections.basics')}>
        <div className={styles.grid2}>
          <SelectField label={t('fields.type')} required {...register('type')}>
            <option value="EVENT">{t('type.EVENT')}</option>
            <option value="TRIP">{t('type.TRIP')}</option>
          </SelectField>
          <SelectField
            label={t('fields.category')}
            required
            error={err('category_id')}
            {...register('category_id', { setValueAs: number })}
          >
            {options.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {en ? c.name_en : c.name_pl}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('fields.name_pl')}
            lang="pl"
            required
            error={err('name_pl')}
            {...register('name_pl')}
          />
          <TextField
            label={t('fields.name_en')}
            lang="en"
            required
            error={err('name_en')}
            {...register('name_en')}
          />
          <TextField
            label={t('fields.alias')}
            hint={t('fields.aliasHint')}
            error={err('alias')}
            autoCapitalize="off"
            spellCheck={false}
            {...register('alias')}
          />
        </div>
      </Section>

      <Section title={t('sections.when')}>
        <div className={styles.grid2}>
          <TextField
            type="date"
            label={t('fields.start_date')}
            required
            error={err('start_date')}
            {...register('start_date')}
          />
          <TextField
            type="time"
            label={t('fields.start_time')}
            error={err('start_time')}
            {...register('start_time')}
          />
          <TextField
            type="date"
            label={t('fields.end_date')}
            hint={t('fields.endHint')}
            error={err('end_date')}
            {...register('end_date')}
          />
          <TextField
            type="time"
            label={t('fields.end_time')}
            error={err('end_time')}
            {...register('end_time')}
          />
          <TextField
            label={t('fields.place_pl')}
            lang="pl"
            error={err('place_pl')}
            {...register('place_pl')}
          />
          <TextField
            label={t('fields.place_en')}
            lang="en"
            error={err('place_en')}
            {...register('place_en')}
          />
        </div>
      </Section>

      <Section title={t('sections.eventDay')}>
        <div className={styles.grid2}>
          <TextField
            label={t('fields.bring_pl')}
            lang="pl"
            hint={t('fields.bringHint')}
            error={err('bring_pl')}
            {...register('bring_pl')}
          />
          <TextField
            label={t('fields.bring_en')}
            lang="en"
            error={err('bring_en')}
            {...register('bring_en')}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={0}
            max={REMINDER_DAYS_MAX}
            label={t('fields.reminder_days')}
            hint={t('fields.reminderDaysHint')}
            error={err('reminder_days')}
            {...register('reminder_days', { setValueAs: number })}
          />
        </div>
      </Section>

      <Section title={t('sections.sale')}>
        <div className={styles.grid2}>
          <TextField
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            label={t('fields.price')}
            required
            error={err('price')}
            {...register('price', { setValueAs: number })}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={0}
            label={t('fields.total_seats')}
            hint={
              seatsTaken === undefined
                ? t('fields.totalSeatsHint')
                : `${t('fields.totalSeatsHint')} ${t('fields.seats_taken', { count: seatsTaken })}`
            }
            error={err('total_seats')}
            {...register('total_seats', { setValueAs: numberOrNull })}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={1}
            label={t('fields.member_limit')}
            hint={t('fields.memberLimitHint')}
            required
            error={err('member_limit')}
            {...register('member_limit', { setValueAs: number })}
          />
          <SelectField
            label={t('fields.vat_rate')}
            hint={t('fields.vatRateHint')}
            required
            error={err('vat_rate')}
            {...register('vat_rate', { setValueAs: number })}
          >
            {VAT_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {rate}%
              </option>
            ))}
          </SelectField>
          <Controller
            control={form.control}
            name="margin_scheme"
            render={({ field }) => (
              <div>
                <CheckboxField
                  name="margin_scheme"
                  label={t('fields.margin_scheme')}
                  checked={field.value === true}
                  onCheckedChange={field.onChange}
                  error={err('margin_scheme')}
                />
                <p className={styles.hint}>{t('fields.marginSchemeHint')}</p>
              </div>
            )}
          />
          <TextField
            type="number"
            inputMode="numeric"
            min={0}
            label={t('fields.status_limit')}
            hint={t('fields.statusLimitHint')}
            required
            error={err('status_limit')}
            {...register('status_limit', { setValueAs: number })}
          />
        </div>
      </Section>

      <Section title={t('sections.descriptions')}>
        <div className={styles.stack}>
          {rich('description_pl')}
          {rich('description_en')}
          {rich('ann_description_pl', t('fields.annHint'))}
          {rich('ann_description_en', t('fields.annHint'))}
        </div>
      </Section>

      <Section title={t('sections.cart')}>
        <div className={styles.grid2}>
          <TextField
            label={t('fields.cart_label_pl')}
            lang="pl"
            hint={t('fields.cartLabelHint')}
            error={err('cart_label_pl')}
            {...register('cart_label_pl')}
          />
          <TextField
            label={t('fields.cart_label_en')}
            lang="en"
            error={err('cart_label_en')}
            {...register('cart_label_en')}
          />
        </div>
        <p className={styles.subTitle}>{t('fields.terms')}</p>
        <p className={styles.hint}>{t('fields.termsHint')}</p>
        <ol className={styles.terms}>
          {terms.fields.map((field, index) => {
            const termErrors = errors.terms?.[index];
            return (
              <li key={field.id} className={styles.term}>
                <TextField
                  label={t('fields.term_pl', { number: index + 1 })}
                  lang="pl"
                  required
                  error={errorText(termErrors?.name_pl)}
                  {...register(`terms.${index}.name_pl`)}
                />
                <TextField
                  label={t('fields.term_en', { number: index + 1 })}
                  lang="en"
                  required
                  error={errorText(termErrors?.name_en)}
                  {...register(`terms.${index}.name_en`)}
                />
                <Button variant="ghost" size="small" onClick={() => terms.remove(index)}>
                  {t('fields.removeTerm', { number: index + 1 })}
                </Button>
              </li>
            );
          })}
        </ol>
        <Button variant="secondary" size="small" onClick={() => terms.append({ name_pl: '', name_en: '' })}>
          {t('fields.addTerm')}
        </Button>
      </Section>

      <Section title={t('sections.audience')}>
        <div className={styles.grid2}>
          <Choices
            legend={t('fields.interests')}
            items={options.interests.map((i) => ({ id: i.id, name: en ? i.name_en : i.name_pl }))}
            form={form}
            name="interest_ids"
          />
          <Choices
            legend={t('fields.partners')}
            items={options.partners.map((p) => ({ id: p.id, name: p.name }))}
            form={form}
            name="partner_ids"
          />
        </div>
      </Section>

      <Section title={t('sections.contact')}>
        <div className={styles.grid2}>
          <TextField
            type="email"
            label={t('fields.contact_email')}
            error={err('contact_email')}
            autoComplete="off"
            {...register('contact_email')}
          />
          <TextField
            type="tel"
            label={t('fields.contact_phone')}
            error={err('contact_phone')}
            autoComplete="off"
            {...register('contact_phone')}
          />
          <TextField
            label={t('fields.video_id')}
            hint={t('fields.videoHint')}
            error={err('video_id')}
            {...register('video_id')}
          />
        </div>
      </Section>

      <div className={styles.submitBar}>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Choices({
  legend,
  items,
  form,
  name,
}: {
  legend: string;
  items: { id: number; name: string }[];
  form: UseFormReturn<ExperienceFormValues>;
  name: 'interest_ids' | 'partner_ids';
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => {
        const chosen = new Set(field.value ?? []);
        return (
          <fieldset className={styles.choices}>
            <legend className={styles.subTitle}>{legend}</legend>
            {items.map((item) => (
              <label key={item.id} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={chosen.has(item.id)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(item.id);
                    else next.delete(item.id);
                    field.onChange([...next].sort((a, b) => a - b));
                  }}
                />
                <span>{item.name}</span>
              </label>
            ))}
          </fieldset>
        );
      }}
    />
  );
}
