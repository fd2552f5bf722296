import type { TAdminCatalogOptions, TAdminProduct } from '@club/shared/contract/admin-catalog';
import { DEFAULT_VAT_RATE, type TAdminProductInput } from '@club/shared/schemas/admin-catalog';
import { REMINDER_DAYS_DEFAULT } from '@club/shared/schemas/event-mail';

/** The form's values: the shared input schema's shape (numbers as numbers, empty as null). */
export type ExperienceFormValues = TAdminProductInput & {
  terms: { id?: number; name_pl: string; name_en: string }[];
};

export function emptyValues(options?: TAdminCatalogOptions): ExperienceFormValues {
  return {
    type: 'EVENT',
    category_id: options?.categories[0]?.id ?? 0,
    alias: '',
    name_pl: '',
    name_en: '',
    description_pl: '',
    description_en: '',
    ann_description_pl: '',
    ann_description_en: '',
    place_pl: '',
    place_en: '',
    bring_pl: '',
    bring_en: '',
    reminder_days: REMINDER_DAYS_DEFAULT,
    start_date: '',
    start_time: '',
    end_date: '',
    end_time: '',
    price: 0,
    member_limit: 2,
    vat_rate: DEFAULT_VAT_RATE,
    margin_scheme: false,
    total_seats: null,
    status_limit: 0,
    video_id: '',
    contact_email: '',
    contact_phone: '',
    cart_label_pl: '',
    cart_label_en: '',
    terms: [],
    interest_ids: [],
    partner_ids: [],
  };
}

/** The product's values in the form: each field as the product has it, an absent one as the empty form's. */
export function valuesOf(p: TAdminProduct): ExperienceFormValues {
  const empty = emptyValues();
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(empty) as (keyof ExperienceFormValues)[]) values[key] = p[key] ?? empty[key];
  return {
    ...(values as ExperienceFormValues),
    terms: p.terms.map((t) => ({ id: t.id, name_pl: t.name_pl, name_en: t.name_en })),
  };
}
