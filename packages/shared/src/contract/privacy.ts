/** Members' personal data (issue 31): the member's own consent history. Staff's side: ./admin-members. */
import { z } from 'zod';
import { ZConsentEvent } from '../schemas/privacy';
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
};
