/** The staff's accounts and the audit log (docs/console.md): administrators only, but the invitation. */
import { z } from 'zod';
import { idParam } from '../schemas/common';
import {
  ZAuditEntry,
  ZAuditQuery,
  ZInvitation,
  ZInvitationAccept,
  ZInvitationQuery,
  ZStaffInvite,
  ZStaffListQuery,
  ZStaffMember,
  ZStaffRole,
} from '../schemas/staff';
import { ZSecondFactorStep } from '../schemas/auth';
import { defineEndpoint, ok, page } from './define';

export const staffContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/staff/items',
    summary:
      'Staff accounts, a page at a time: sorted, searched by name or e-mail, filtered by role and status',
    access: 'admin',
    query: ZStaffListQuery,
    responses: { 200: page(ZStaffMember) },
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/staff/invite',
    summary:
      'Invites a staff member by e-mail: the link sets the password, then the second factor is enrolled',
    access: 'admin',
    body: ZStaffInvite,
    responses: { 200: ok(ZStaffMember) },
  }),
  changeRole: defineEndpoint({
    method: 'POST',
    path: '/staff/item/:id/role',
    summary: "Changes a colleague's role (operator or administrator)",
    access: 'admin',
    params: idParam,
    body: ZStaffRole,
    responses: { 200: ok(ZStaffMember) },
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/staff/item/:id/deactivate',
    summary: "Deactivates a colleague's account: no sign-in, every session ends",
    access: 'admin',
    params: idParam,
    responses: { 200: ok(ZStaffMember) },
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/staff/item/:id/activate',
    summary: 'Activates a deactivated account again',
    access: 'admin',
    params: idParam,
    responses: { 200: ok(ZStaffMember) },
  }),
  resetSecondFactor: defineEndpoint({
    method: 'POST',
    path: '/staff/item/:id/reset-second-factor',
    summary: "Resets a colleague's second factor (lost phone): the next sign-in enrols it anew; sessions end",
    access: 'admin',
    params: idParam,
    responses: { 200: ok(ZStaffMember) },
  }),
  resendInvitation: defineEndpoint({
    method: 'POST',
    path: '/staff/item/:id/resend-invitation',
    summary:
      'Sends a fresh invitation link to a colleague who has not accepted it (the old link stops working)',
    access: 'admin',
    params: idParam,
    responses: { 200: ok(ZStaffMember) },
  }),
  invitation: defineEndpoint({
    method: 'GET',
    path: '/staff/invitation',
    summary: 'Whom an invitation link is for (the page greets the invited person)',
    access: 'public',
    query: ZInvitationQuery,
    responses: { 200: ok(ZInvitation) },
  }),
  acceptInvitation: defineEndpoint({
    method: 'POST',
    path: '/staff/invitation/accept',
    summary: "Sets the invited person's password; answers with the second factor's enrolment step",
    access: 'public',
    body: ZInvitationAccept,
    responses: { 200: ok(ZSecondFactorStep) },
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/audit/items',
    summary: 'The audit log, newest first, filtered by who, what (entity type and id) and a date range',
    access: 'admin',
    query: ZAuditQuery,
    responses: { 200: page(ZAuditEntry) },
  }),
  auditEntityTypes: defineEndpoint({
    method: 'GET',
    path: '/audit/entity-types',
    summary: 'The kinds of things the audit log holds (for its filter)',
    access: 'admin',
    responses: { 200: ok(z.array(z.string())) },
  }),
};
