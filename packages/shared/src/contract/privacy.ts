/** Members' personal data (issue 31): the consent history, and what staff see of a member. */
import { z } from 'zod';
import { idParam } from '../schemas/common';
import { ZConsentEvent } from '../schemas/privacy';
import {
  ZConsoleMember,
  ZConsoleMemberQuery,
  ZConsoleMemberRow,
  ZRevealedPesel,
} from '../schemas/privacy-console';
import { defineEndpoint, ok } from './define';

export const privacyContract = {
  consentHistory: defineEndpoint({
    method: 'GET',
    path: '/customers/consent-history',
    summary:
      "The member's own consent history, newest first: every consent given or withdrawn, by whom, where",
    access: 'customer',
    responses: { 200: ok(z.array(ZConsentEvent)) },
  }),
  members: defineEndpoint({
    method: 'GET',
    path: '/admin/members/items',
    summary: 'Members and dealers found by name or e-mail (at most 20)',
    access: 'staff',
    query: ZConsoleMemberQuery,
    responses: { 200: ok(z.array(ZConsoleMemberRow)) },
  }),
  member: defineEndpoint({
    method: 'GET',
    path: '/admin/members/item/:id',
    summary: "A member or dealer: consents with their history, a dealer's bonus data with the PESEL masked",
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZConsoleMember) },
  }),
  revealPesel: defineEndpoint({
    method: 'POST',
    path: '/admin/members/item/:id/reveal-pesel',
    summary: "Shows a dealer's whole PESEL to an administrator; every reveal is written to the audit log",
    access: 'admin',
    params: idParam,
    responses: { 200: ok(ZRevealedPesel) },
  }),
};
