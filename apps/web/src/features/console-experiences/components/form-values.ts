import type { TAdminCatalogOptions, TAdminProduct } from '@club/shared/contract/admin-catalog';
import { DEFAULT_VAT_RATE, type TAdminProductInput } from '@club/shared/schemas/admin-catalog';

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
    start_date: '',
    start_time: '',
    end_date: '',
    end_time: '',
    price: 0,
    member_limit: 2,
    vat_rate: DEFAULT_VAT_RATE,
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

export function valuesOf(p: TAdminProduct): ExperienceFormValues {
  return {
    type: p.type,
    category_id: p.category_id,
    alias: p.alias,
    name_pl: p.name_pl,
    name_en: p.name_en,
    description_pl: p.description_pl,
    description_en: p.description_en,
    ann_description_pl: p.ann_description_pl ?? '',
    ann_description_en: p.ann_description_en ?? '',
    place_pl: p.place_pl,
    place_en: p.place_en,
    start_date: p.start_date,
    start_time: p.start_time ?? '',
    end_date: p.end_date ?? '',
    end_time: p.end_time ?? '',
    price: p.price,
    member_limit: p.member_limit,
    vat_rate: p.vat_rate,
    total_seats: p.total_seats,
    status_limit: p.status_limit,
    video_id: p.video_id ?? '',
    contact_email: p.contact_email ?? '',
    contact_phone: p.contact_phone ?? '',
    cart_label_pl: p.cart_label_pl ?? '',
    cart_label_en: p.cart_label_en ?? '',
    terms: p.terms.map((t) => ({ id: t.id, name_pl: t.name_pl, name_en: t.name_en })),
    interest_ids: p.interest_ids,
    partner_ids: p.partner_ids,
  };
}
