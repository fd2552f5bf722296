/**
 * What staff see of a member (issue 31): find one, their consents with the history, a dealer's bonus
 * data with the PESEL masked, and an administrator's audited reveal of the whole number. Its own
 * module, so the members' chunks never carry the console's schemas.
 */
import { z } from 'zod';
import { idParam } from '../schemas/common';
import {
  ZConsoleMember,
  ZConsoleMemberQuery,
  ZConsoleMemberRow,
  ZRevealedPesel,
} from '../schemas/privacy-console';
import { defineEndpoint, ok } from './define';

export const adminMembersContract = {
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
