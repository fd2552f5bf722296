/** The member's and the dealer's own account and the calendar feed (SPEC.md §7); the languages are in ./languages. */
import { z } from 'zod';
import {
  ZCalendarParams,
  ZCustomerProfileUpdate,
  ZCustomerUser,
  ZDealerUser,
  ZInterest,
  ZInvoiceData,
  ZUpdateInterests,
} from '../schemas/account';
import { defineEndpoint, ok, ZOk } from './define';

export const accountContract = {
  customer: defineEndpoint({
    method: 'GET',
    path: '/customers/item',
    summary: "The member's account: profile, club card, consents, invoice data and interests",
    access: 'customer',
    responses: { 200: ok(ZCustomerUser) },
  }),
  dealer: defineEndpoint({
    method: 'GET',
    path: '/dealers/item',
    summary: "The dealer's account, its club card fields flat on the user",
    access: 'dealer',
    responses: { 200: ok(ZDealerUser) },
  }),
  updateProfile: defineEndpoint({
    method: 'POST',
    path: '/customers/update',
    summary: "Saves the member's profile, address and consents",
    access: 'customer',
    body: ZCustomerProfileUpdate,
    responses: { 200: ok(ZCustomerUser) },
  }),
  updateInvoiceData: defineEndpoint({
    method: 'POST',
    path: '/customers/update-invoice-data',
    summary: "Saves the member's invoice data",
    access: 'customer',
    body: ZInvoiceData,
    responses: { 200: ok(ZCustomerUser) },
  }),
  interests: defineEndpoint({
    method: 'GET',
    path: '/settings/interests/items',
    summary: 'The interests a member may pick, in the caller’s language',
    access: 'user',
    responses: { 200: ok(z.array(ZInterest)) },
  }),
  updateInterests: defineEndpoint({
    method: 'POST',
    path: '/customers/update-interests',
    summary: "Replaces the member's interests",
    access: 'customer',
    body: ZUpdateInterests,
    responses: { 200: ok(ZCustomerUser) },
  }),
  removeAccount: defineEndpoint({
    method: 'POST',
    path: '/customers/remove-account',
    summary: "Removes the member's account and ends the session",
    access: 'customer',
    responses: { 200: ZOk },
  }),
  calendar: defineEndpoint({
    method: 'GET',
    path: '/calendar/:token.ics',
    summary: "The member's private iCalendar feed of paid experiences (the token from auth/me)",
    access: 'public',
    params: ZCalendarParams,
    produces: 'text/calendar',
    responses: { 200: z.string() },
  }),
};
