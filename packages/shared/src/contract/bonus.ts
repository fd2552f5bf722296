/** The dealer's bonus programme (SPEC.md §7), behind the password re-entry like the customer list. */
import { z } from 'zod';
import { ZBonusSignup, ZTaxOffice } from '../schemas/bonus';
import { defineEndpoint, object, ok } from './define';

export const bonusContract = {
  taxOffices: defineEndpoint({
    method: 'GET',
    path: '/bonus/tax-offices',
    summary: 'The tax offices the bonus form offers, by city and name',
    access: 'dealer',
    passwordCheck: true,
    responses: { 200: ok(z.array(ZTaxOffice)) },
  }),
  store: defineEndpoint({
    method: 'POST',
    path: '/bonus/store',
    summary: 'Joins the dealer to the bonus programme (once)',
    access: 'dealer',
    passwordCheck: true,
    body: ZBonusSignup,
    responses: { 200: ok(object({ has_bonus: z.literal(true) })) },
  }),
};
