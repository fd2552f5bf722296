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
  ZRemovedMember,
  ZRetentionStatus,
  ZRevealedPesel,
  ZStaffExport,
  ZWrittenRequestBody,
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
  removeMember: defineEndpoint({
    method: 'POST',
    path: '/admin/members/item/:id/remove',
    summary:
      "Removes a member's or dealer's account on their written request (erasure, RODO art. 17): everything but what the law keeps; the audit row names the request",
    access: 'admin',
    params: idParam,
    body: ZWrittenRequestBody,
    responses: { 200: ok(ZRemovedMember) },
  }),
  startExport: defineEndpoint({
    method: 'POST',
    path: '/admin/members/item/:id/export',
    summary:
      "Starts a copy of a member's or dealer's data on their written request (RODO art. 15): built in the background and delivered to the member only; the audit row names the request",
    access: 'staff',
    params: idParam,
    body: ZWrittenRequestBody,
    responses: { 202: ok(ZStaffExport) },
  }),
  retention: defineEndpoint({
    method: 'GET',
    path: '/admin/privacy/retention',
    summary: 'The retention periods in force and what the retention job did when it last ran',
    access: 'staff',
    responses: { 200: ok(ZRetentionStatus) },
  }),
  /** Tests only (TEST_SUPPORT=1): gives an account data in every table erasure reaches (a paid, invoiced order). */
  fillForErasure: defineEndpoint({
    method: 'POST',
    path: '/test/privacy/fill/:id',
    summary:
      'Tests only: fills every table a member can be in for this account; answers its new name and invoice',
    access: 'public',
    params: idParam,
    responses: {
      200: ok(
        z.strictObject({
          name: z.string(),
          surname: z.string(),
          invoice_number: z.string(),
          buyer: z.string(),
        }),
      ),
    },
  }),
  /** Tests only (TEST_SUPPORT=1): the retention job's run, as its timer would run it. */
  runRetention: defineEndpoint({
    method: 'POST',
    path: '/test/retention/run',
    summary: 'Tests only: runs the retention job now; answers whether this call ran it',
    access: 'public',
    responses: { 200: ok(z.strictObject({ ran: z.boolean() })) },
  }),
};
