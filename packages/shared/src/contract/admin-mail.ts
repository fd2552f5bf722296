/** The outbox in the console (docs/mail.md): every mail with its state; a failed one can be resent. */
import { idParam } from '../schemas/common';
import { ZMailDetail, ZMailListQuery, ZMailRow } from '../schemas/admin-mail';
import { defineEndpoint, ok, page } from './define';

export const adminMailContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/mail/items',
    summary:
      'The outbox, a page at a time: sorted, filtered by state, template, recipient and the day it was queued',
    access: 'staff',
    query: ZMailListQuery,
    responses: { 200: page(ZMailRow) },
  }),
  item: defineEndpoint({
    method: 'GET',
    path: '/admin/mail/items/:id',
    summary: 'One mail as it was sent: its text and HTML parts, its attachments and its delivery state',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZMailDetail) },
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/admin/mail/items/:id/resend',
    summary:
      'Sends a failed mail again, unchanged (same parts and attachments); answers with its new state (audited)',
    access: 'staff',
    params: idParam,
    responses: { 200: ok(ZMailDetail) },
  }),
};
