/**
 * The dealer's customers and the two public steps of their registration (SPEC.md §7, DESIGN.md §5).
 * Everything a dealer reads or changes about his customers sits behind the password re-entry.
 */
import { idParam } from '../schemas/common';
import {
  ZAcceptAgreements,
  ZActivateAccount,
  ZActivated,
  ZActivationInvitation,
  ZAgreementsAccepted,
  ZAgreementsInvitation,
  ZDealerCustomer,
  ZDealerCustomersPage,
  ZDealerCustomersQuery,
  ZRegisteredCustomer,
  ZRegisterExistingCustomer,
  ZRegisterNewCustomer,
  ZRegistrationToken,
  ZUpdateDealerCustomer,
} from '../schemas/dealers';
import { defineEndpoint, ok, ZOk } from './define';

export const dealersContract = {
  customers: defineEndpoint({
    method: 'GET',
    path: '/dealers/customers/items',
    summary: "A page of the dealer's customers, searched by name or e-mail and filtered by status",
    access: 'dealer',
    passwordCheck: true,
    query: ZDealerCustomersQuery,
    responses: { 200: ZDealerCustomersPage },
  }),
  registerNew: defineEndpoint({
    method: 'POST',
    path: '/dealers/customers/register/new',
    summary: 'Registers a new customer and mails the consents link',
    access: 'dealer',
    passwordCheck: true,
    body: ZRegisterNewCustomer,
    responses: { 200: ok(ZRegisteredCustomer) },
  }),
  registerExisting: defineEndpoint({
    method: 'POST',
    path: '/dealers/customers/register/existing',
    summary: 'Registers a customer who already ordered a car (order number and delivery date known)',
    access: 'dealer',
    passwordCheck: true,
    body: ZRegisterExistingCustomer,
    responses: { 200: ok(ZRegisteredCustomer) },
  }),
  customer: defineEndpoint({
    method: 'GET',
    path: '/dealers/customers/item/:id',
    summary: "One of the dealer's customers, with the link of the current step",
    access: 'dealer',
    passwordCheck: true,
    params: idParam,
    responses: { 200: ok(ZDealerCustomer) },
  }),
  updateCustomer: defineEndpoint({
    method: 'POST',
    path: '/dealers/customers/update/:id',
    summary: "Adds the order number (and the delivery date) to one of the dealer's customers",
    access: 'dealer',
    passwordCheck: true,
    params: idParam,
    body: ZUpdateDealerCustomer,
    responses: { 200: ZOk },
  }),
  agreementsInvitation: defineEndpoint({
    method: 'GET',
    path: '/registration/agreements',
    summary: 'What the consents page of an invited customer shows, read from its link token',
    access: 'public',
    query: ZRegistrationToken,
    responses: { 200: ok(ZAgreementsInvitation) },
  }),
  acceptAgreements: defineEndpoint({
    method: 'POST',
    path: '/registration/agreements',
    summary: "The invited customer's consents (and e-mail or name when the dealer did not know them)",
    access: 'public',
    body: ZAcceptAgreements,
    responses: { 200: ok(ZAgreementsAccepted) },
  }),
  activationInvitation: defineEndpoint({
    method: 'GET',
    path: '/registration/activate',
    summary: 'Who the activation link is for, read from its token',
    access: 'public',
    query: ZRegistrationToken,
    responses: { 200: ok(ZActivationInvitation) },
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/registration/activate',
    summary: 'Sets the password of an invited customer: the account is registered, the club card issued',
    access: 'public',
    body: ZActivateAccount,
    responses: { 200: ok(ZActivated) },
  }),
};
