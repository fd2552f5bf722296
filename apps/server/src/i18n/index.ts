import { type LanguageCode, LANGUAGES, validationMessages } from '@club/shared';
import i18next, { type TFunction } from 'i18next';
import { accountMessages } from '../modules/account/messages';
import { authMessages } from '../modules/auth/messages';
import { cartMessages } from '../modules/cart/messages';
import { bonusMessages } from '../modules/bonus/messages';
import { dealersMessages } from '../modules/dealers/messages';
import { catalogMessages } from '../modules/catalog/messages';
import { contentMessages } from '../modules/content/messages';
import { invoicesMessages } from '../modules/invoices/messages';
import { mailMessages } from '../modules/mail/messages';
import { ordersMessages } from '../modules/orders/messages';
import { paymentsMessages } from '../modules/payments/messages';
import { salesDeskMessages } from '../modules/sales-desk/messages';
import { staffMessages } from '../modules/staff/messages';
import { eventDayMessages } from '../modules/event-day/messages';
import { eventMailMessages } from '../modules/event-day/event-mail-messages';
import { privacyExportMessages } from '../modules/privacy/export/messages';
import { commonMessages } from './common-messages';
import { uploadMessages } from './upload-messages';

/** Every module's catalogue, under the module's name: "auth.invalidCredentials". */
const catalogues = {
  common: commonMessages,
  validation: validationMessages,
  auth: authMessages,
  catalog: catalogMessages,
  content: contentMessages,
  account: accountMessages,
  cart: cartMessages,
  orders: ordersMessages,
  payments: paymentsMessages,
  dealers: dealersMessages,
  bonus: bonusMessages,
  staff: staffMessages,
  desk: salesDeskMessages,
  invoices: invoicesMessages,
  mail: mailMessages,
  upload: uploadMessages,
  eventDay: eventDayMessages,
  eventMail: eventMailMessages,
  privacyExport: privacyExportMessages,
} as const;

const resources = Object.fromEntries(
  LANGUAGES.map((lng) => [
    lng,
    {
      translation: Object.fromEntries(
        Object.entries(catalogues).map(([ns, c]) => [ns, (c as Record<LanguageCode, unknown>)[lng]]),
      ),
    },
  ]),
);

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: 'pl',
  fallbackLng: 'pl',
  initAsync: false,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

const fixed = new Map<LanguageCode, TFunction>(LANGUAGES.map((l) => [l, instance.getFixedT(l)]));

export function translate(lang: LanguageCode, key: string, params: Record<string, unknown> = {}): string {
  return (fixed.get(lang) ?? fixed.get('pl')!)(key, params) as string;
}

export function pickLanguage(acceptLanguage: string | undefined): LanguageCode {
  if (!acceptLanguage) return 'pl';
  const first = acceptLanguage.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return first === 'en' ? 'en' : 'pl';
}
