import type { FastifyPluginAsync } from 'fastify';
import { calendarRoutes } from './account/calendar-routes';
import { languageRoutes } from './account/language-routes';
import { accountRoutes } from './account/routes';
import { accountingRoutes } from './accounting/routes';
import { analyticsRoutes } from './analytics/routes';
import { authRoutes } from './auth/routes';
import { cartRoutes } from './cart/routes';
import { bonusRoutes } from './bonus/routes';
import { dashboardRoutes } from './dashboard/routes';
import { dealersRoutes } from './dealers/routes';
import { catalogAdminRoutes } from './catalog/admin-routes';
import { catalogRoutes } from './catalog/routes';
import { contentAdminRoutes } from './content/admin-routes';
import { contentRoutes } from './content/routes';
import { galleryAdminRoutes } from './gallery/admin-routes';
import { galleryRoutes } from './gallery/routes';
import { healthRoutes } from './health/routes';
import { invoicesRoutes } from './invoices/routes';
import { ksefRoutes } from './invoices/ksef-routes';
import { mailRoutes } from './mail/routes';
import { ordersRoutes } from './orders/routes';
import { paymentRoutes } from './payments/routes';
import { privacyExportRoutes } from './privacy/export/routes';
import { privacyRoutes } from './privacy/routes';
import { referenceRoutes } from './reference/routes';
import { salesDeskRoutes } from './sales-desk/routes';
import { discountsAdminRoutes } from './discounts/routes';
import { eventDayRoutes } from './event-day/routes';
import { eventMailRoutes } from './event-day/event-mail-routes';
import { checkInListRoutes } from './event-day/list-routes';
import { gateOfflineRoutes } from './event-day/offline-routes';
import { staffRoutes } from './staff/routes';

/**
 * Every API module, mounted under /panel/api/v1. A new domain adds one line here; its routes are
 * then covered by the CSRF walk and the authorisation matrix automatically.
 */
export const apiModules: FastifyPluginAsync[] = [
  catalogRoutes,
  catalogAdminRoutes,
  galleryRoutes,
  contentRoutes,
  contentAdminRoutes,
  galleryAdminRoutes,
  authRoutes,
  languageRoutes,
  accountRoutes,
  calendarRoutes,
  dealersRoutes,
  bonusRoutes,
  cartRoutes,
  ordersRoutes,
  paymentRoutes,
  analyticsRoutes,
  healthRoutes,
  referenceRoutes,
  staffRoutes,
  salesDeskRoutes,
  invoicesRoutes,
  accountingRoutes,
  ksefRoutes,
  mailRoutes,
  discountsAdminRoutes,
  privacyRoutes,
  privacyExportRoutes,
  dashboardRoutes,
  eventDayRoutes,
  eventMailRoutes,
  gateOfflineRoutes,
  checkInListRoutes,
];
